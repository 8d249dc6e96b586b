import { createWireJson, type WireJson } from '../protocol/wire-json';
import type { WireOptions } from '../protocol/wire-encode';
import { wireOptionsFor } from '../scenario/build-reply';
import type { EntryData } from '../scenario/compile-entry';
import { compileStep, isRandomStep } from '../scenario/compile-step';
import type { SourceRef } from '../scenario/problem';
import type { Answer, CompiledEntry } from '../scenario/scenario-set';
import type { ByteText } from './byte-text';

/**
 * What every card of a population shares, compiled once: its wire options, status, headers and
 * delay. A card's entry is then its body bytes wrapped in these, the same frozen Answer that
 * compiling the card as a hand-written entry gives.
 */
export interface CardAnswers {
  readonly wire: WireJson;
  /** Card n's compiled entry from its wire JSON body, a byte string (byte-text.ts). */
  entry(json: ByteText, n: number): CompiledEntry;
}

/**
 * The card answers of a population whose cards get `settings` (file defaults merged with the
 * item's control keys), or undefined when those settings make an answer vary per request (a
 * random delay), which needs the general compiler and its per-token state.
 */
export function createCardAnswers(settings: EntryData, base: WireOptions, source: SourceRef, fingerprint: string): CardAnswers | undefined {
  // The settings alone, compiled as an entry: a card adds Response fields only, never control keys.
  const step = compileStep(settings, base);
  if (isRandomStep(step) || step.answer.fault !== undefined || step.answer.reply.body === null) return undefined;
  const { status, headers } = step.answer.reply;
  const { delayMs } = step.answer;
  // Cards differ in length only: one frozen header set per length, shared, not one per card.
  const headersOf = new Map<number, Readonly<Record<string, string | number>>>();
  const headersFor = (length: number) => {
    let known = headersOf.get(length);
    if (known === undefined) {
      known = Object.freeze({ ...headers, 'content-length': length });
      if (headersOf.size < MAX_SHARED_HEADERS) headersOf.set(length, known);
    }
    return known;
  };
  return {
    wire: createWireJson(wireOptionsFor(settings, base)),
    entry(json, n) {
      const body = Buffer.from(json, 'latin1');
      const reply = Object.freeze({ status, headers: headersFor(body.length), body });
      return new CardEntry(source, `${fingerprint}#${n}`, Object.freeze({ reply, delayMs }));
    },
  };
}

/** Enough lengths for any card size; beyond, headers are built per card. */
const MAX_SHARED_HEADERS = 20_000;

/** A card's compiled entry: a static answer, as a method rather than a closure per card (cards are built per request). */
class CardEntry implements CompiledEntry {
  constructor(
    readonly source: SourceRef,
    readonly fingerprint: string,
    private readonly card: Answer,
  ) {
    Object.freeze(this);
  }

  answer(): Answer {
    return this.card;
  }
}
