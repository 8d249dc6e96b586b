import { DEFAULT_FALLBACK } from '../../protocol/built-in-answers';
/**
 * What a `generate:` item of a scenario file may say, beside its knobs' schema: part of the
 * scenario format, so the schema and the entry rules read it here, and synth (which turns items
 * into populations) reads it from here too.
 */

/** The `lo..hi` form of a range knob. */
export const RANGE_PATTERN = '^\\s*\\d+(\\.\\d+)?\\s*\\.\\.\\s*\\d+(\\.\\d+)?\\s*$';

/** The knobs' defaults, shown in the schema's descriptions and the README. */
export const SYNTH_DEFAULTS = Object.freeze({
  seed: 1,
  locale: 'ru',
  type: 0.3,
  disabled: 0.05,
  companies: '1..3',
  entrepreneurs: 0.1,
  groups: Object.freeze({ trees: 3, depth: 3, perClient: '0..2' }),
  branches: 20,
  fill: '0.5..1',
  deprecated: false,
  errors: 0,
  error: DEFAULT_FALLBACK,
  crm: 'https://crm.example.ru/clients/{id}',
  firstId: 1_000_000,
});

/** The control keys a `generate:` item passes through to every card. */
export const PASSED_CONTROL_KEYS = ['protocol', 'wire', 'delay'] as const;
