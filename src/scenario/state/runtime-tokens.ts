import { yaml } from '../base/yaml-library';
import { DEFAULT_WIRE_OPTIONS } from '../../protocol/wire-encode';
import { entryDefaults, loadEntry } from '../compile/load-entry';
import { checkEntryRules } from '../schema/entry-rules';
import type { LoadOptions } from '../compile/load-scenario-set';
import { parseScenarioFile, type ParsedScenarioFile } from '../schema/parse-scenario-file';
import { hasErrors, type Problem, type SourceRef, problemAt } from '../base/problem';
import type { CompiledEntry } from '../compile/scenario-set';
import { DEFAULT_MAX_RUNTIME_BYTES, DEFAULT_MAX_RUNTIME_TOKENS, formatByteSize } from '../base/size-limits';

/** The file name runtime entries carry in messages and in the journal. */
export const RUNTIME_FILE = '(admin)';

/** Where every runtime entry says it comes from (line 0: no place in a file). */
const RUNTIME_SOURCE: SourceRef = Object.freeze({ file: RUNTIME_FILE, line: 0, column: 0 });

/** The outcome of adding a runtime entry: applied, or every problem and nothing changed. */
export type PutOutcome =
  | { readonly ok: true; readonly replaced: boolean; readonly warnings: readonly Problem[] }
  | { readonly ok: false; readonly problems: readonly Problem[]; readonly overLimit?: true };

/** An entry compiled off to the side, or every problem. */
export type CompileOutcome =
  | { readonly ok: true; readonly entry: CompiledEntry; readonly warnings: readonly Problem[] }
  | { readonly ok: false; readonly problems: readonly Problem[] };

/**
 * Tokens added at run time (admin API, programs), consulted before the served set. They are
 * compiled exactly like file entries, survive file reloads, and go on reset.
 */
export class RuntimeTokens {
  private readonly entries = new Map<string, CompiledEntry>();
  /** Each entry's text and name, in bytes, and their sum: what the byte budget counts. */
  private readonly sizes = new Map<string, number>();
  /** Each entry's text as it was put, for the export (GET /__admin/export). */
  private readonly entryTexts = new Map<string, string>();
  private bytes = 0;
  private changes = 0;
  /** Told of each token put or removed here, not of those applied from elsewhere (a group shares them). */
  onChange: ((token: string, put: { readonly text: string; readonly file: string } | null) => void) | undefined;

  constructor(
    private readonly options: LoadOptions = {},
    /** The most runtime tokens held at once; a PUT of one more is refused (replacing one is not). */
    readonly maxTokens = DEFAULT_MAX_RUNTIME_TOKENS,
    /** The most bytes all entries' texts and names may take together; a PUT past it is refused. */
    readonly maxBytes = DEFAULT_MAX_RUNTIME_BYTES,
  ) {}

  /** How many runtime tokens there are; the protocol path skips the overlay entirely at 0. */
  get size(): number {
    return this.entries.size;
  }

  /** Counts every change to the set of tokens, so what is derived from them (a near-miss index) knows when to rebuild. */
  get version(): number {
    return this.changes;
  }

  /** The runtime entry for `token`, if there is one. */
  get(token: string): CompiledEntry | undefined {
    return this.entries.get(token);
  }

  /** Each runtime token with its entry's text as it was put (YAML or JSON), in the order they were added. */
  texts(): [token: string, text: string][] {
    return [...this.entryTexts];
  }

  /** The runtime tokens, in the order they were added. */
  tokens(): string[] {
    return [...this.entries.keys()];
  }

  /**
   * Adds or replaces `token` from an entry's text (YAML or JSON), checked against the same
   * schema with the same messages as scenario files. On any error nothing changes.
   */
  putText(token: string, text: string, file = RUNTIME_FILE): PutOutcome {
    const outcome = this.adopt(token, text, file);
    if (outcome.ok) this.onChange?.(token, { text, file });
    return outcome;
  }

  /** putText without telling `onChange`: a token another instance of the group put. */
  adopt(token: string, text: string, file = RUNTIME_FILE): PutOutcome {
    if (this.entries.size >= this.maxTokens && !this.entries.has(token)) return this.full(file);
    const size = Buffer.byteLength(text) + Buffer.byteLength(token);
    const total = this.bytes - (this.sizes.get(token) ?? 0) + size;
    if (total > this.maxBytes) return this.overBudget(file, total);
    const compiled = this.compileText(token, text, file);
    if (!compiled.ok) return compiled;
    const replaced = this.entries.has(token);
    if (!replaced) this.changes += 1;
    this.entries.set(token, compiled.entry);
    this.sizes.set(token, size);
    this.entryTexts.set(token, text);
    this.bytes = total;
    return { ok: true, replaced, warnings: compiled.warnings };
  }

  /**
   * An entry's text compiled as a runtime entry is, without adding it (the outage's answer):
   * the same schema, rules and messages as a file entry. `named: false` leaves the entry
   * unnamed, for one that answers many tokens.
   */
  compileText(token: string, text: string, file = RUNTIME_FILE, source = RUNTIME_SOURCE, named = true): CompileOutcome {
    const parsed = parseScenarioFile(file, text, 'scenario-entry');
    if (parsed.problems.length === 0 && !yaml().isMap(parsed.doc.contents)) {
      return {
        ok: false,
        problems: [problemAt(file, 'the entry is empty; send a scenario entry, e.g. {"status": 503, "body": "none"}')],
      };
    }
    if (hasErrors(parsed.problems)) return { ok: false, problems: parsed.problems };
    const ruled = checkEntryRules(asFileOf(token, parsed), this.options.wire ?? DEFAULT_WIRE_OPTIONS);
    if (hasErrors(ruled)) return { ok: false, problems: ruled };
    // Loaded as an entry of a file without `defaults:`: only the global --delay applies.
    const defaults = entryDefaults(undefined, this.options.delay);
    const wire = this.options.wire ?? DEFAULT_WIRE_OPTIONS;
    return {
      ok: true,
      entry: loadEntry(parsed.data, defaults, wire, source, named ? token : undefined),
      warnings: ruled,
    };
  }

  /** Adds or replaces `token` from an entry given as a value (programs); checked like putText. */
  putValue(token: string, entry: unknown, file = RUNTIME_FILE): PutOutcome {
    return this.putText(token, JSON.stringify(entry ?? null, null, 2) ?? '', file);
  }

  /** Removes a runtime token; false if there was none. */
  remove(token: string): boolean {
    const removed = this.forget(token);
    if (removed) this.onChange?.(token, null);
    return removed;
  }

  /** remove without telling `onChange`: a token another instance of the group removed. */
  forget(token: string): boolean {
    this.changes += 1;
    this.bytes -= this.sizes.get(token) ?? 0;
    this.sizes.delete(token);
    this.entryTexts.delete(token);
    return this.entries.delete(token);
  }

  /** Removes every runtime token. */
  clear(): void {
    this.changes += 1;
    this.entries.clear();
    this.sizes.clear();
    this.entryTexts.clear();
    this.bytes = 0;
  }

  private overBudget(file: string, total: number): PutOutcome {
    const message = `runtime entries would take ${formatByteSize(total)}, over the ${formatByteSize(this.maxBytes)} all of them may take together; remove some (DELETE) or reset (POST /reset) first`;
    return {
      ok: false,
      overLimit: true,
      problems: [problemAt(file, message)],
    };
  }

  private full(file: string): PutOutcome {
    const message = `there are already ${this.maxTokens} runtime tokens, the most --max-runtime-tokens allows; remove some (DELETE) or reset (POST /reset) first, or start with a higher --max-runtime-tokens`;
    return {
      ok: false,
      overLimit: true,
      problems: [problemAt(file, message)],
    };
  }
}

/**
 * The entry seen as `tokens: { <token>: entry }`, for the same load-time rules as file entries.
 * The entry's own nodes are reused, so problems keep the places in the text that was sent.
 */
function asFileOf(token: string, entry: ParsedScenarioFile): ParsedScenarioFile {
  const { Document, Pair, Scalar, YAMLMap } = yaml();
  const tokens = new YAMLMap();
  tokens.items.push(new Pair(new Scalar(token), entry.doc.contents));
  const root = new YAMLMap();
  root.items.push(new Pair(new Scalar('tokens'), tokens));
  const doc = new Document();
  doc.contents = root;
  return { ...entry, data: { tokens: { [token]: entry.data } }, doc };
}
