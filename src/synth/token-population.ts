import type { WireOptions } from '../protocol/wire-encode';
import { compileEntry } from '../scenario/compile/compile-entry';
import type { EntryData } from '../scenario/schema/scenario-schema';
import { compileAnswers } from '../scenario/compile/entry-answers';
import type { SourceRef } from '../scenario/base/problem';
import type { CompiledEntry, TokenPopulation } from '../scenario/compile/scenario-set';
import { createCardGenerator, type CardGenerator } from './card-generator';
import type { PopulationSpec } from './population-spec';
import { tokenNumber, type TokenTemplate } from './token-template';

/** Where a population was declared and what it builds on. */
export interface PopulationSource {
  readonly defaults: EntryData;
  readonly base: WireOptions;
  readonly source: SourceRef;
  /** A hash of the generate item as written; a card's fingerprint is this plus its n. */
  readonly fingerprint: string;
}

/**
 * A population answering its template's tokens. Nothing is built up front or kept: a token's card
 * is generated on request from (seed, n) alone and compiled like a hand-written entry (file
 * defaults, protocol and wire options, modules), so memory stays flat however many tokens are asked.
 */
export function createTokenPopulation(
  spec: PopulationSpec,
  template: TokenTemplate,
  from: PopulationSource,
): TokenPopulation {
  // Made at the first token asked, not at load: faker's locales take ~140 ms to load, which a start
  // (or a reload) should not wait for before it answers anything.
  let generator: CardGenerator | undefined;
  const error = compileEntry({ ...spec.control, ...spec.error }, from.defaults, from.base, from.source);
  return Object.freeze({
    description: `${template.text}, n = 1..${spec.count}, seed ${spec.seed}`,
    size: spec.count,
    match(token: string): CompiledEntry | undefined {
      const n = tokenNumber(template, token);
      if (n === undefined) return undefined;
      const card = (generator ??= createCardGenerator(spec)).entryFor(n);
      return card === 'error' ? error : compileCard(card, from, n);
    },
  });
}

/**
 * compileEntry's merge and answer compiler with the card's fingerprint made from the population's
 * and n, rather than hashed from the card, which would cost every stateful request a hash.
 * A card has no sequence, expiry or fault, so this is the same single prebuilt reply.
 */
function compileCard(card: EntryData, from: PopulationSource, n: number): CompiledEntry {
  const { defaults } = from;
  const merged: EntryData = {
    ...defaults,
    ...card,
    headers: { ...(defaults.headers as object), ...(card.headers as object) },
  };
  const fingerprint = `${from.fingerprint}#${n}`;
  return Object.freeze({
    source: from.source,
    fingerprint,
    answer: compileAnswers(merged, from.base, () => fingerprint),
  });
}
