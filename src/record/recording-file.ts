import { renameSync, writeFileSync } from 'node:fs';
import type { Pair } from 'yaml';
import { yaml } from '../scenario/read/yaml-library';
import { LATEST_VERSION } from '../protocol/versions';
import type { WireOptions } from '../protocol/wire-encode';

/** One token's recorded entry and the notes written above it. */
export interface RecordingItem {
  readonly token: string;
  readonly entry: Record<string, unknown>;
  readonly notes: readonly string[];
}

/**
 * A recording as scenario-file YAML: `tokens:` with an entry per token, each note a comment above
 * it. Every string is written double-quoted, so the reader gives back exactly the text the service
 * sent ("00123" keeps its zeros); numbers and booleans stay plain for `wire: typed` entries.
 * Written with the yaml library (loaded on first use, as the reader loads it), as the reader reads it.
 */
export function recordingYaml(items: readonly RecordingItem[], target: string, options: WireOptions): string {
  const file: Record<string, unknown> = {};
  // Entries replay under the version they were recorded for, whatever version serve runs.
  if (options.version !== LATEST_VERSION) file.defaults = { protocol: options.version };
  file.tokens = Object.fromEntries(items.map((item) => [item.token, item.entry]));
  const { Document, isMap, isScalar } = yaml();
  const doc = new Document(file);
  doc.commentBefore = ` Recorded by auth-sim record from ${target} (protocol ${options.version}, modules ${options.modules.join(',') || 'none'}).`;
  const tokens = doc.get('tokens');
  if (isMap(tokens)) {
    tokens.items.forEach((pair: Pair, i) => {
      const notes = items[i].notes;
      if (notes.length > 0 && isScalar(pair.key)) pair.key.commentBefore = notes.map((n) => ` ${n}`).join('\n');
    });
  }
  return doc.toString({ defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN', lineWidth: 0 });
}

/** Replaces `file` whole (write, then rename), so a recording cut off at any moment is still a valid file. */
export function writeRecording(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}
