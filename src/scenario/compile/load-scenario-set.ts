import { DEFAULT_WIRE_OPTIONS, type WireOptions } from '../../protocol/wire-encode';
import { entryDefaults, loadEntry } from './load-entry';
import type { EntryData } from '../schema/scenario-schema';
import { tokenPlaces } from '../schema/token-places';
import { parseScenarioFile, placeOf, type ParsedScenarioFile } from '../schema/parse-scenario-file';
import { hasErrors, sortProblems, type Problem, type SourceRef, placeIn, problemAt } from '../base/problem';
import type { ScenarioText } from '../base/read-scenario-sources';
import type { CallerGuard, CompiledEntry, ScenarioSet, TokenPopulation } from './scenario-set';
import { defaultFallback, defaultUnavailable, guardWithRefusal } from './built-in-entries';
import { checkEntryRules } from '../schema/entry-rules';
import { SPECIAL_ENTRY_KEYS, type SpecialEntry } from '../schema/scenario-schema';
import { isApiAvailable } from '../../protocol/modules';
import { createCallerCheck } from '../../caller-auth/caller-guard';
import { parseCallerCredentials, type CallerCredential } from '../../caller-auth/caller-credentials';
import { readExpectations, type Expectation } from './read-expectations';

/** A scenario set, or every problem that kept it from loading. */
export type LoadResult =
  { readonly ok: true; readonly set: ScenarioSet } | { readonly ok: false; readonly problems: readonly Problem[] };

/**
 * Turns the `generate:` items of schema-checked files into token populations (synth's
 * compilePopulations). A parameter, not an import, so scenario loading does not depend on the
 * synthetic generator that depends on it.
 */
export type PopulationCompiler = (
  files: readonly ParsedScenarioFile[],
  base: WireOptions,
  defaultsOf: (file: ParsedScenarioFile) => EntryData,
) => { readonly populations: readonly TokenPopulation[]; readonly problems: readonly Problem[] };

/** Options that apply to the whole set. */
export interface LoadOptions {
  readonly wire?: WireOptions;
  /** The delay of every entry whose file and entry name none (the CLI's --delay), as written in YAML. */
  readonly delay?: unknown;
  /** Scenario files larger than this many bytes are refused before reading (default DEFAULT_MAX_FILE_BYTES). */
  readonly maxFileBytes?: number;
}

/** A file read and checked, with where each of its tokens and special entries (`fallback:`...) stands. */
interface CheckedFile {
  readonly parsed: ParsedScenarioFile;
  /** Its tokens' names in the order written (a reload's worker sends them with the tokens, sparing a pass over 300,000 keys). */
  readonly tokenNames: readonly string[];
  readonly tokenPlaces: ReadonlyMap<string, SourceRef>;
  readonly specialPlaces: Partial<Record<SpecialEntry, SourceRef>>;
}

/** Every file of a set read and checked, and every problem found; errors among them mean no set. */
export interface CheckedTexts {
  readonly files: readonly CheckedFile[];
  readonly problems: readonly Problem[];
  /** Every `expect:` written, each with its place (finding one may need the `yaml` document). */
  readonly expectations: readonly Expectation[];
}

/** Tokens compiled between two yields of compileScenarioSet: a few milliseconds of work. */
export const COMPILE_SLICE = 2000;

/**
 * Parses, validates and compiles scenario texts into one immutable set. All-or-nothing: any
 * error in any file means no set, so a caller can keep serving the previous one.
 * `compilePopulations` is synth's compiler (loadScenarioSet's callers pass it in).
 */
export function loadScenarioSet(
  texts: readonly ScenarioText[],
  options: LoadOptions,
  compilePopulations: PopulationCompiler,
): LoadResult {
  const compiling = compileScenarioSet(checkScenarioTexts(texts, options.wire), options, compilePopulations);
  for (;;) {
    const step = compiling.next();
    if (step.done) return step.value;
  }
}

/**
 * The first half of loading, all of it done before anything is compiled (a reload runs it on a
 * worker thread): every text parsed and checked against the schema, tokens defined twice, and
 * the entry rules; and where each token and special entry stands, so compiling needs no place.
 */
export function checkScenarioTexts(texts: readonly ScenarioText[], wire?: WireOptions): CheckedTexts {
  const base = wire ?? DEFAULT_WIRE_OPTIONS;
  const parsed = texts.map((t) => parseScenarioFile(t.file, t.text));
  // Tokens defined twice are found from the data as read, so they are reported with every other problem, not after those are fixed.
  const problems = [...parsed.flatMap((p) => p.problems), ...definedTwice(parsed)];
  if (!hasErrors(problems)) for (const file of parsed) problems.push(...checkEntryRules(file, base));
  if (hasErrors(problems)) return { files: [], problems, expectations: [] };
  const files = parsed.map((file) => ({
    parsed: file,
    tokenNames: isMap(file.data.tokens) ? Object.keys(file.data.tokens) : [],
    tokenPlaces: tokenPlaces(file),
    specialPlaces: Object.fromEntries(
      SPECIAL_ENTRY_KEYS.filter((key) => file.data[key] !== undefined).map((key) => [key, where(file, [key])]),
    ),
  }));
  return { files, problems, expectations: parsed.flatMap(readExpectations) };
}

/**
 * The second half: checked files compiled into one set, yielding after every COMPILE_SLICE
 * tokens, so a reload can let requests through between slices (loadScenarioSet runs it straight).
 */
export function* compileScenarioSet(
  checked: CheckedTexts,
  options: LoadOptions,
  compilePopulations: PopulationCompiler,
): Generator<void, LoadResult> {
  const problems = [...checked.problems];
  if (hasErrors(problems)) return { ok: false, problems: sortProblems(problems) };
  const base = options.wire ?? DEFAULT_WIRE_OPTIONS;
  const parsed = checked.files.map((f) => f.parsed);
  const entries = new Map<string, CompiledEntry>();
  const special: Partial<Record<SpecialEntry, CompiledEntry>> = {};
  const callerGuards = new Map<string, CallerGuard>();
  for (const { parsed: file, tokenNames: names, tokenPlaces: places, specialPlaces } of checked.files) {
    const defaults = fileDefaults(file, options);
    const tokens = file.data.tokens as Record<string, EntryData>;
    for (let i = 0; i < names.length; i++) {
      const token = names[i];
      const source = places.get(token) ?? where(file, ['tokens', token]);
      entries.set(token, loadEntry(tokens[token], defaults, base, source, token));
      if (i % COMPILE_SLICE === COMPILE_SLICE - 1) yield;
    }
    for (const key of SPECIAL_ENTRY_KEYS) {
      if (file.data[key] === undefined) continue;
      special[key] = loadEntry(file.data[key] as EntryData, defaults, base, specialPlaces[key] ?? where(file, [key]));
    }
    const credentials = fileCredentials(file);
    if (credentials.length > 0)
      callerGuards.set(file.file, guardWithRefusal(createCallerCheck(credentials), base, ` for ${file.file}`));
  }
  // Only a file with `generate:` needs synth's compiler (and the code it loads).
  const synthetic = parsed.some((file) => file.data.generate !== undefined)
    ? compilePopulations(parsed, base, (file) => fileDefaults(file, options))
    : { populations: [], problems: [] };
  problems.push(...synthetic.problems);
  if (hasErrors(problems)) return { ok: false, problems: sortProblems(problems) };
  const set: ScenarioSet = {
    entries,
    populations: synthetic.populations,
    fallback: special.fallback ?? defaultFallback(base),
    ...(isApiAvailable(base.modules) ? {} : { unavailable: special.unavailable ?? defaultUnavailable(base) }),
    callerGuards: callerGuards.size > 0 ? callerGuards : null,
    callerAuthFailed: special.callerAuthFailed ?? null,
    expectations: checked.expectations,
    files: parsed.map((file) => file.file),
    warnings: sortProblems(problems),
    loadedAt: new Date(),
  };
  return { ok: true, set: Object.freeze(set) };
}

/** Whether `tokens:` holds a map (the schema refuses anything else, but a file with errors may). */
export function isMap(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** What a file's entries start from (see entryDefaults). */
function fileDefaults(file: ParsedScenarioFile, options: LoadOptions): EntryData {
  return entryDefaults(file.data.defaults, options.delay);
}

/** The credentials `defaults.callerAuth` demands (the schema has checked their form). */
function fileCredentials(file: ParsedScenarioFile): CallerCredential[] {
  const written = ((file.data.defaults ?? {}) as EntryData).callerAuth;
  if (written === undefined) return [];
  const specs = Array.isArray(written) ? written.map(String) : [written as string];
  return parseCallerCredentials(specs, 'callerAuth').credentials;
}

function where(file: ParsedScenarioFile, path: string[]): SourceRef {
  return placeIn(file.file, placeOf(file, path, 'key'));
}

/** Every token, and every special entry (`fallback:`...), that a file of the set defines after an earlier one did. */
function definedTwice(parsed: readonly ParsedScenarioFile[]): Problem[] {
  const problems: Problem[] = [];
  const tokens = new Map<string, SourceRef>();
  // The file that wrote each special key first; placed only for a duplicate (placing reads the YAML document).
  const special = new Map<string, ParsedScenarioFile>();
  for (const file of parsed) {
    const written = file.data.tokens;
    if (written !== null && typeof written === 'object' && !Array.isArray(written)) {
      const places = tokenPlaces(file);
      for (const token of Object.keys(written)) {
        const source = places.get(token) ?? where(file, ['tokens', token]);
        const first = tokens.get(token);
        if (first) problems.push(duplicateToken(token, source, first));
        else tokens.set(token, source);
      }
    }
    for (const key of SPECIAL_ENTRY_KEYS) {
      if (file.data[key] === undefined) continue;
      const first = special.get(key);
      if (first) problems.push(duplicateKey(key, where(file, [key]), where(first, [key])));
      else special.set(key, file);
    }
  }
  return problems;
}

function duplicateToken(token: string, here: SourceRef, first: SourceRef): Problem {
  const message = `token ${JSON.stringify(token)} is defined twice: here and at ${first.file}:${first.line}:${first.column}`;
  return problemAt(here, message, `tokens.${token}`);
}

function duplicateKey(key: string, here: SourceRef, first: SourceRef): Problem {
  const message = `${key} is defined twice: here and at ${first.file}:${first.line}:${first.column}; keep one`;
  return problemAt(here, message, key);
}
