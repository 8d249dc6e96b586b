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
  return {
    wire: createWireJson(wireOptionsFor(settings, base)),
    entry(json, n) {
      const body = Buffer.from(json, 'latin1');
      const reply = Object.freeze({ status, headers: Object.freeze({ ...headers, 'content-length': body.length }), body });
      const answer: Answer = Object.freeze({ reply, delayMs });
      return Object.freeze({ source, fingerprint: `${fingerprint}#${n}`, answer: () => answer });
    },
  };
}
