import type { EntryData } from '../scenario/schema/scenario-schema';
import { assembleResource } from './assemble-resource';
import { buildBranchCatalogue } from './branch-catalogue';
import { CLIENT_RULES, drawExtras, drawFieldProfiles, type ClientFacts } from './client-card';
import { COMPANY_RULES, drawCompany, drawSoleProprietorship, type CompanyFacts } from './company';
import { buildGroupLeaves } from './group-forest';
import { makeInn10, makeInn12 } from './identifiers';
import { drawPerson } from './person';
import { createPopulationContext, type PopulationContext } from './population-context';
import type { PopulationSpec } from './population-spec';

/** Card n of a population: a scenario entry, or 'error' for a token drawn to answer with the error entry. */
export interface CardGenerator {
  readonly spec: PopulationSpec;
  entryFor(n: number): EntryData | 'error';
}

/** What a card is made of, with every draw taken except those its Client rules take as they run. */
interface CardDraw {
  readonly facts: ClientFacts;
  /** Index into the population's field profiles. */
  readonly profile: number;
  readonly companies: readonly CompanyFacts[];
}

/**
 * A population's card generator. Catalogues (branches, group trees) are drawn once from the
 * seed; each card is then a pure function of (seed, n): the faker is re-seeded before every card.
 */
export function createCardGenerator(spec: PopulationSpec): CardGenerator {
  const ctx = createPopulationContext(spec);
  const catalogues: Catalogues = {
    branches: buildBranchCatalogue(ctx),
    leaves: buildGroupLeaves(ctx),
    profiles: drawFieldProfiles(ctx),
    crm: spec.crm,
  };
  return {
    spec,
    entryFor(n) {
      ctx.reseed(n);
      if (ctx.chance(spec.errors)) return 'error';
      return assembleCard(drawCard(ctx, n, catalogues), spec, catalogues.profiles);
    },
  };
}

/** What every card of a population draws from. */
interface Catalogues {
  readonly branches: readonly ClientFacts['branch'][];
  readonly leaves: ClientFacts['groups'];
  /** Per profile, whether each Client field (in table order) is filled. */
  readonly profiles: readonly (readonly boolean[])[];
  /** The CRM link template. */
  readonly crm: string;
}

function drawCard(ctx: PopulationContext, n: number, { branches, leaves, profiles, crm }: Catalogues): CardDraw {
  const { spec } = ctx;
  const person = drawPerson(ctx);
  const legal = ctx.chance(spec.type);
  const enabled = !ctx.chance(spec.disabled);
  const branch = ctx.pick(branches);
  const inn12 = legal ? '' : makeInn12(ctx.rand);
  const companies: CompanyFacts[] = [];
  if (legal) for (let i = ctx.inRange(spec.companies); i > 0; i -= 1) companies.push(drawCompany(ctx));
  else if (ctx.chance(spec.entrepreneurs)) companies.push(drawSoleProprietorship(ctx, person, inn12));
  const id = String(spec.firstId + n - 1);
  const groupCount = Math.min(ctx.inRange(spec.groups.perClient), leaves.length);
  const groups = distinct(ctx, leaves, groupCount);
  const facts: ClientFacts = {
    ctx,
    id,
    person,
    legal,
    enabled,
    branch,
    inn: legal ? (companies[0]?.inn ?? makeInn10(ctx.rand)) : inn12,
    crm: crm.replace('{id}', id),
    groups,
    extras: drawExtras(ctx),
  };
  return { facts, profile: ctx.rand(0, profiles.length - 1), companies };
}

/** A card as an entry: Response objects in table order, plus the population's control keys. */
function assembleCard(
  { facts, profile, companies }: CardDraw,
  spec: PopulationSpec,
  profiles: Catalogues['profiles'],
): EntryData {
  // The client's rules draw as they run, so the client is assembled before the companies.
  const client = assembleResource('Client', CLIENT_RULES, facts, profiles[profile]);
  const entry: EntryData = { client };
  if (companies.length > 0) entry.companyList = companies.map((c) => assembleResource('Company', COMPANY_RULES, c));
  return Object.assign(entry, spec.control);
}

/** `count` different items, in drawn order. */
function distinct<T>(ctx: PopulationContext, items: readonly T[], count: number): T[] {
  const chosen: T[] = [];
  while (chosen.length < count) {
    const item = ctx.pick(items);
    if (!chosen.includes(item)) chosen.push(item);
  }
  return chosen;
}
