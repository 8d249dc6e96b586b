import type { ResourceInput } from '../protocol/resource-types';
import type { ProtocolVersion } from '../protocol/versions';
import type { WireStyle } from '../protocol/wire-encode';
import type { FAULT_PARAMETERS, FaultName } from '../scenario/schema/fault-names';
import type { ANSWER_KEYS, ENTRY_ONLY_KEYS, SEQUENCE_ENDINGS } from '../scenario/schema/toolbox-schema';
import type { CONTROL_KEYS, DEFAULTS_KEYS } from '../scenario/schema/scenario-schema';
import type { BackoffShape, RUN_EXPECT_KEYS, TOKEN_EXPECT_KEYS, UnusedLevel } from '../scenario/schema/expect-schema';
import type { PASSED_CONTROL_KEYS } from '../scenario/schema/generate-knobs';
import type { PopulationSpec } from '../synth/population-spec';

/**
 * TypeScript types of a scenario file given as a value (startSimulator({ scenarios }),
 * setToken): the same shape the YAML has, so a misspelt field, fault name or a status
 * written as a string fails to compile. Response fields come from the field table; the control
 * keys are checked below against the loader's schema, so neither can drift from the other.
 */

/** A fixed duration: milliseconds, or "250ms", "2.5s", "1m", "2h". */
export type Duration = number | `${number}${'ms' | 's' | 'm' | 'h'}`;

/** A delay: fixed, or a shape drawn per request. */
export type Delay =
  | Duration
  | { readonly uniform: readonly [min: Duration, max: Duration] }
  | { readonly lognormal: { readonly median: Duration; readonly sigma?: number } };

type FaultParameter = keyof typeof FAULT_PARAMETERS;

/** `'reset'`, or `{ hang: '30s' }` for a fault that takes a parameter (html takes an HTTP status). */
export type Fault =
  | FaultName
  | { readonly [K in FaultParameter]: { readonly [P in K]: P extends 'html' ? number : Duration } }[FaultParameter];

/** The Response fields an answer may carry: client, companyList, errorCode, errorText. */
export type ResponseFields = ResourceInput<'Response'>;

/** One answer (a `sequence` step, `otherwise`, `expire.answer`): Response fields and the answer's control keys. */
export type ScenarioStep = ResponseFields & {
  /** The HTTP status of the answer (default 200), 200 to 599: a 1xx is interim and never ends a request. */
  readonly status?: number;
  /** How long to wait before answering. */
  readonly delay?: Delay;
  /** "none": send the status with no body at all. */
  readonly body?: 'none';
  /** Extra HTTP response headers. */
  readonly headers?: Readonly<Record<string, string | number>>;
  /** The protocol version to serve: fields introduced later are left out. */
  readonly protocol?: ProtocolVersion;
  /** strings (every scalar a JSON string, the default) or typed (JSON numbers and booleans). */
  readonly wire?: WireStyle;
  /** Misbehave instead of answering honestly. */
  readonly fault?: Fault;
  /** How often the fault or answer fires, 0 to 1; other requests get `otherwise`. */
  readonly chance?: number;
  /** The answer for requests the chance does not fire on. */
  readonly otherwise?: ScenarioStep;
};

/** One scenario entry: an answer, or a sequence of them, with an optional expiry. */
export type ScenarioEntry = ScenarioStep & {
  /** Answers given in turn, one per request for this token. */
  readonly sequence?: readonly ScenarioStep[];
  /** What follows the last step of the sequence. */
  readonly then?: (typeof SEQUENCE_ENDINGS)[number];
  /** The token stops working after a number of uses or a time ("30s"), then gets `answer`. */
  readonly expire?: { readonly after: Duration; readonly answer?: ScenarioStep };
  /** Beyond `requests` in each `per` window the token answers 429 with Retry-After (or `answer`). */
  readonly rateLimit?: RateLimit;
  /** What the caller's traffic for this token must look like, for the caller report's verdict. */
  readonly expect?: TokenExpectations;
};

/** `rateLimit:` of an entry or of `defaults:`. */
export interface RateLimit {
  /** Requests answered in each window, from 0. */
  readonly requests: number;
  /** The window they are counted in, longer than 0 (scenario time: the clock moves it). */
  readonly per: Duration;
  /** The Retry-After sent, rounded up to whole seconds; default: what is left of the window. */
  readonly retryAfter?: Duration;
  /** What a request beyond the limit gets (default 429 TOO_MANY_REQUESTS); Retry-After is added. */
  readonly answer?: ScenarioStep;
}

/** A count the report must see: exactly n, or a range. */
export type CountExpectation = number | { readonly atLeast?: number; readonly atMost?: number };

/** A duration range the report must see. */
export type DurationRange = { readonly atLeast?: Duration; readonly atMost?: Duration };

/** A token's `expect:`. */
export interface TokenExpectations {
  /** How many requests the caller sends for this token. */
  readonly calls?: CountExpectation;
  /** Requests after an exchange that ended without a card. */
  readonly retries?: CountExpectation;
  /** Requests after the token was answered 200 with a card (0: the caller caches it). */
  readonly callsAfterCard?: CountExpectation;
  /** The shape of the gaps between retries. */
  readonly backoff?: BackoffShape;
  /** Every gap between a failed exchange and its retry. */
  readonly gap?: DurationRange;
  /** How long the caller waits before giving up on an unfinished answer. */
  readonly abandonedAfter?: DurationRange;
  /** Every request after an answer with Retry-After comes at least that long after it (false: not judged). */
  readonly honoursRetryAfter?: boolean;
}

/** A file's top-level `expect:`, for the run as a whole. */
export interface RunExpectations {
  /** Requests for tokens no file or runtime entry names. */
  readonly unknownTokens?: CountExpectation;
  /** Tokens written but never requested: fail the verdict, warn (the default) or ignore. */
  readonly unusedTokens?: UnusedLevel;
  /** How long the caller waits before giving up, over all tokens. */
  readonly abandonedAfter?: DurationRange;
}

/** A caller credential as written: `basic:USER:PASSWORD`, `bearer:TOKEN` or `header:NAME=VALUE`. */
export type CallerCredentialText = `basic:${string}:${string}` | `bearer:${string}` | `header:${string}=${string}`;

/** `defaults:` settings every entry of a file gets unless it says otherwise, and the credentials its tokens demand. */
export interface ScenarioDefaults
  extends Pick<ScenarioStep, 'delay' | 'headers' | 'protocol' | 'wire'>, Pick<ScenarioEntry, 'rateLimit'> {
  /** The chat server must send one of these for this file's tokens (and its fallback). */
  readonly callerAuth?: CallerCredentialText | readonly CallerCredentialText[];
}

type Range = number | `${number}..${number}`;

/** A synthetic population (`generate:` item); see the README's synthetic section for each knob. */
export interface GenerateItem extends Pick<ScenarioStep, (typeof PASSED_CONTROL_KEYS)[number]> {
  /** A token template containing {n}, e.g. "synth-{n}". */
  readonly tokens: `${string}{n}${string}`;
  readonly count: number;
  readonly seed?: number;
  readonly locale?: string;
  readonly type?: number;
  readonly disabled?: number;
  readonly companies?: Range;
  readonly entrepreneurs?: number;
  readonly groups?: { readonly trees?: number; readonly depth?: number; readonly perClient?: Range };
  readonly branches?: number;
  readonly fill?: Range;
  readonly deprecated?: boolean;
  readonly errors?: number;
  readonly error?: ScenarioEntry;
  readonly crm?: `${string}{id}${string}`;
  readonly firstId?: number;
}

/** A scenario file given as a value, the same shape as the YAML. */
export interface ScenarioFile {
  readonly tokens?: Readonly<Record<string, ScenarioEntry>>;
  /** What an unknown token gets (default: 404 CLIENT_NOT_FOUND). */
  readonly fallback?: ScenarioEntry;
  /** What every request gets when no API module is installed. */
  readonly unavailable?: ScenarioEntry;
  /** What a refused caller gets (default: 401 UNAUTHORIZED); one in the whole set. */
  readonly callerAuthFailed?: ScenarioEntry;
  readonly defaults?: ScenarioDefaults;
  readonly generate?: readonly GenerateItem[];
  /** What the caller's traffic as a whole must look like, for the caller report's verdict. */
  readonly expect?: RunExpectations;
}

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;

// If one of these fails to compile ("Type 'false' does not satisfy the constraint 'true'"), a key
// was added to the loader's schema (scenario-schema.ts, toolbox-schema.ts) or to PopulationSpec:
// add it to the matching type above, with a one-line doc comment, so TypeScript suites can use it.
// Top-level file keys are checked by test/api/scenario-types.test.ts against scenarioFileSchema().

/** Compile-time: the typed control keys are exactly the schema's; adding a key to one without the other fails the build. @keep a compile-time check */
export type ControlKeysMatchSchema = Assert<
  Same<Exclude<keyof ScenarioEntry, keyof ResponseFields>, keyof typeof CONTROL_KEYS>
>;
/** Compile-time: the step keys are the schema's minus the entry-only ones, plus the answer keys. @keep a compile-time check */
export type StepKeysMatchSchema = Assert<
  Same<
    Exclude<keyof ScenarioStep, keyof ResponseFields | keyof typeof ANSWER_KEYS>,
    Exclude<keyof typeof CONTROL_KEYS, keyof typeof ENTRY_ONLY_KEYS | keyof typeof ANSWER_KEYS>
  >
>;
/** Compile-time: the typed `expect:` keys are exactly the schema's, for a token and for the run. @keep a compile-time check */
export type TokenExpectKeysMatchSchema = Assert<Same<keyof TokenExpectations, keyof typeof TOKEN_EXPECT_KEYS>>;
/** Compile-time: the same for the run's `expect:`. @keep a compile-time check */
export type RunExpectKeysMatchSchema = Assert<Same<keyof RunExpectations, keyof typeof RUN_EXPECT_KEYS>>;
/** Compile-time: the typed `defaults:` keys are exactly the schema's. @keep a compile-time check */
export type DefaultsKeysMatchSchema = Assert<Same<keyof ScenarioDefaults, keyof typeof DEFAULTS_KEYS>>;
/** Compile-time: every knob of a population is typed (the control keys passed to cards aside). @keep a compile-time check */
export type GenerateKnobsMatchSpec = Assert<
  Same<Exclude<keyof GenerateItem, (typeof PASSED_CONTROL_KEYS)[number]>, Exclude<keyof PopulationSpec, 'control'>>
>;
