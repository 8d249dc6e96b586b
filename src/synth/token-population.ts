import type { WireOptions } from '../protocol/wire-encode';
import { compileEntry, type EntryData, type FileDefaults } from '../scenario/compile-entry';
import { compileAnswers } from '../scenario/entry-answers';
import type { SourceRef } from '../scenario/problem';
import type { CompiledEntry, TokenPopulation } from '../scenario/scenario-set';
import { createCardAnswers } from './card-answers';
import { createCardGenerator, type CardGenerator } from './card-generator';
import { LruCache } from './lru-cache';
import type { PopulationSpec } from './population-spec';
import { tokenNumber, type TokenTemplate } from './token-template';

/**
 * Compiled cards kept per population: enough for the tokens a test reuses, few enough that a card
 * leaves the cache before it ages into V8's old generation under load. Why that matters: a card's
 * body is a slice of one of Buffer's shared 8 KB pool slabs, and an old card pins its slab until a
 * full collection, which V8 starts only when ~64 MB of such memory is waiting. With 1,000 cards,
 * random tokens at full load grew the process by ~45 MB of dead slabs; with 256, by ~1 MB.
 * (npm run bench, "RSS added by 1M synthetic tokens".)
 */
export const CARD_CACHE_SIZE = 256;

/** Where a population was declared and what it builds on. */
export interface PopulationSource {
  readonly defaults: FileDefaults;
  readonly base: WireOptions;
  readonly source: SourceRef;
  /** A hash of the generate item as written; a card's fingerprint is this plus its n. */
  readonly fingerprint: string;
}

/**
 * A population answering its template's tokens. Nothing is built up front: a token's card is
 * generated on first request from (seed, n) alone, compiled like a hand-written entry (file
 * defaults, protocol and wire options, modules), and kept in a bounded LRU cache.
 */
export function createTokenPopulation(spec: PopulationSpec, template: TokenTemplate, from: PopulationSource): TokenPopulation {
  const generator = createCardGenerator(spec);
  const error = compileEntry({ ...spec.control, ...spec.error }, from.defaults, from.base, from.source);
  const cache = new LruCache<number, CompiledEntry>(CARD_CACHE_SIZE);
  const fast = fastCompiler(generator, spec, from, error);
  const compile =
    fast ??
    ((n: number): CompiledEntry => {
      const card = generator.entryFor(n);
      return card === 'error' ? error : compileCard(card, from, n);
    });
  return Object.freeze({
    description: `${template.text}, n = 1..${spec.count}, seed ${spec.seed}`,
    size: spec.count,
    match(token: string): CompiledEntry | undefined {
      const n = tokenNumber(template, token);
      if (n === undefined) return undefined;
      let entry = cache.get(n);
      if (entry === undefined) {
        entry = compile(n);
        cache.set(n, entry);
      }
      return entry;
    },
  });
}

/**
 * The one-pass compiler of cards: the generator writes the wire JSON itself and the shared
 * settings are compiled once (card-answers.ts); ~3x cheaper than building the entry and compiling
 * it. Undefined when the population's settings need the general compiler (a random delay).
 */
function fastCompiler(generator: CardGenerator, spec: PopulationSpec, from: PopulationSource, error: CompiledEntry): ((n: number) => CompiledEntry) | undefined {
  const { defaults } = from;
  const settings: EntryData = { ...defaults, ...spec.control, headers: { ...(defaults.headers as object) } };
  const answers = createCardAnswers(settings, from.base, from.source, from.fingerprint);
  if (answers === undefined) return undefined;
  const write = generator.jsonWriter(answers.wire);
  return (n) => {
    const json = write(n);
    return json === 'error' ? error : answers.entry(json, n);
  };
}

/**
 * compileEntry's merge and answer compiler, minus its per-entry SHA-1 fingerprint (a card's
 * fingerprint is the population's plus n): hashing every card would add ~10 µs to each request.
 * A card has no sequence, expiry or fault, so this is the same single prebuilt reply.
 */
function compileCard(card: EntryData, from: PopulationSource, n: number): CompiledEntry {
  const { defaults } = from;
  const merged: EntryData = { ...defaults, ...card, headers: { ...(defaults.headers as object), ...(card.headers as object) } };
  const fingerprint = `${from.fingerprint}#${n}`;
  return Object.freeze({ source: from.source, fingerprint, answer: compileAnswers(merged, from.base, () => fingerprint) });
}
