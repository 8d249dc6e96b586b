import { renameSync, writeFileSync } from 'node:fs';
import type { Pair } from 'yaml';
import { LATEST_VERSION } from '../protocol/versions';
import type { WireOptions } from '../protocol/wire-encode';
import { yaml } from '../scenario/base/yaml-library';
import { editorModeline } from '../scenario/schema/editor-schema';
import { entryFromAnswer, type RecordedAnswer, type RecordedEntry } from './entry-from-answer';
import type { Redactor } from './redact-entry';

/** What `auth-sim record` writes, and how. */
export interface RecorderOptions {
  readonly out: string;
  readonly target: string;
  readonly wire: WireOptions;
  readonly keepDelays: boolean;
  readonly redact?: Redactor;
}

/** What adding an answer did: recorded it (a new token), or kept the earlier one. */
export type AddResult =
  | { readonly kind: 'recorded'; readonly replaysSameBytes: boolean }
  | { readonly kind: 'kept'; readonly differs: boolean };

/** Collects each distinct token's first answer and rewrites `out` whole after each new token. */
export interface Recorder {
  add(token: string, answer: RecordedAnswer): AddResult;
  readonly tokens: () => readonly string[];
}

export function createRecorder(options: RecorderOptions): Recorder {
  const items: RecordingItem[] = [];
  const firstBytes = new Map<string, Buffer>();
  const write = () => writeRecording(options.out, recordingYaml(items, options.out, options.target, options.wire));
  write();
  return {
    add(token, answer) {
      const earlier = firstBytes.get(token);
      // One entry per token: the first answer. A later different one (a sequence on the service's side) is reported, not merged.
      if (earlier !== undefined) return { kind: 'kept', differs: !earlier.equals(answer.bytes) };
      firstBytes.set(token, answer.bytes);
      const made = entryFromAnswer(answer, options.wire, options.keepDelays);
      const entry = options.redact ? options.redact(made.entry) : made.entry;
      items.push({ token, entry, notes: made.notes });
      write();
      return { kind: 'recorded', replaysSameBytes: made.replaysSameBytes };
    },
    tokens: () => items.map((i) => i.token),
  };
}

/** Tokens written as plain keys: letters, digits and a few marks that mean nothing to YAML in the middle of a word. */
const PLAIN_TOKEN = /^[\p{L}\p{N}][\p{L}\p{N}_.@+/-]*$/u;

/** One token's recorded entry and the notes written above it. */
type RecordingItem = { readonly token: string } & Pick<RecordedEntry, 'entry' | 'notes'>;

/**
 * A recording as scenario-file YAML: `tokens:` with an entry per token, each note a comment above
 * it. Every string is written double-quoted, so the reader gives back exactly the text the service
 * sent ("00123" keeps its zeros); numbers and booleans stay plain for `wire: typed` entries.
 * Written with the yaml library (loaded on first use, as the reader loads it), as the reader reads it.
 */
function recordingYaml(items: readonly RecordingItem[], out: string, target: string, options: WireOptions): string {
  const file: Record<string, unknown> = {};
  // Entries replay under the version they were recorded for, whatever version serve runs.
  if (options.version !== LATEST_VERSION) file.defaults = { protocol: options.version };
  file.tokens = Object.fromEntries(items.map((item) => [item.token, item.entry]));
  const { Document, isMap, isScalar } = yaml();
  const doc = new Document(file);
  doc.commentBefore = ` ${editorModeline(out)}\n Recorded by auth-sim record from ${target} (protocol ${options.version}, modules ${options.modules.join(',') || 'none'}).`;
  const tokens = doc.get('tokens');
  if (isMap(tokens)) {
    tokens.items.forEach((pair: Pair, i) => {
      const notes = items[i].notes;
      if (!isScalar(pair.key)) return;
      // A plain key such as "<<" (a merge key) or "? x" reads back as something else: such tokens are written quoted.
      if (!PLAIN_TOKEN.test(items[i].token)) pair.key.type = 'QUOTE_DOUBLE';
      if (notes.length > 0) pair.key.commentBefore = notes.map((n) => ` ${n}`).join('\n');
    });
  }
  return doc.toString({ defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN', lineWidth: 0 });
}

/** Replaces `file` whole (write, then rename), so a recording cut off at any moment is still a valid file. */
function writeRecording(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}
