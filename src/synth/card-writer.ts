import type { WireJson } from '../protocol/wire-json';
import type { ByteText } from './byte-text';
import { CLIENT_RULES, type ClientFacts } from './client-card';
import { COMPANY_RULES, type CompanyFacts } from './company';
import { compileResourceWriter } from './resource-writer';

/** What a card is made of, with every draw taken except those its Client rules take as they run. */
export interface CardDraw {
  readonly facts: ClientFacts;
  /** Index into the population's field profiles. */
  readonly profile: number;
  readonly companies: readonly CompanyFacts[];
}

/**
 * A population's card writer under one wire: a card as its wire JSON, a byte string (byte-text.ts),
 * the same card the generator assembles as an entry (the control keys are not Response fields).
 * Client writers are compiled per field profile; branches and groups come from the catalogues,
 * pinned in `wire`.
 */
export function createCardWriter(wire: WireJson, profiles: readonly (readonly boolean[])[], plain: boolean): (draw: CardDraw) => ByteText {
  const how = { plain, pinned: ['Branch', 'Group'] } as const;
  const clients = profiles.map((keep) => compileResourceWriter(wire, 'Client', CLIENT_RULES, how, keep));
  const writeCompany = compileResourceWriter(wire, 'Company', COMPANY_RULES, how);
  const [withClient, withCompanies] = [wire.served('Response', 'client'), wire.served('Response', 'companyList')];
  return ({ facts, profile, companies }) => {
    const client = clients[profile](facts);
    let out = withClient ? `{"client":${client}` : '';
    if (companies.length > 0 && withCompanies) {
      let list = '';
      for (let i = 0; i < companies.length; i += 1) list += (i === 0 ? '' : ',') + writeCompany(companies[i]);
      out += `${out === '' ? '{' : ','}"companyList":[${list}]`;
    }
    return out === '' ? '{}' : `${out}}`;
  };
}
