import type { WireOptions } from '../protocol/wire-encode';
import { entryFromAnswer, type RecordedAnswer } from './entry-from-answer';
import { recordingYaml, writeRecording, type RecordingItem } from './recording-file';
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
  const write = () => writeRecording(options.out, recordingYaml(items, options.target, options.wire));
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
