import { encodeResource, type WireOptions } from '../protocol/wire-encode';
import { isProtocolVersion } from '../protocol/versions';
import { parseDuration } from './duration';
import type { SourceRef } from './problem';
import type { Answer, CompiledEntry, Reply } from './scenario-set';

/** A validated scenario entry as written: Response fields plus control keys. */
export type EntryData = Record<string, unknown>;

/** File-level `defaults:` after validation. */
export type FileDefaults = EntryData;

const JSON_TYPE = 'application/json; charset=utf-8';

/** Compiles one entry into its ready answer: wire body serialised to bytes, headers fixed. */
export function compileEntry(raw: EntryData, defaults: FileDefaults, base: WireOptions, source: SourceRef): CompiledEntry {
  const merged: EntryData = { ...defaults, ...raw, headers: { ...(defaults.headers as object), ...(raw.headers as object) } };
  const answer: Answer = Object.freeze({ reply: buildReply(merged, wireOptionsFor(merged, base)), delayMs: parseDuration(merged.delay) ?? 0 });
  return Object.freeze({ source, answer: () => answer });
}

/** The wire options an entry is served with: its own `protocol`/`wire`, else the file's, else the base. */
export function wireOptionsFor(entry: EntryData, base: WireOptions): WireOptions {
  const version = isProtocolVersion(entry.protocol) ? entry.protocol : base.version;
  const wire = entry.wire === 'typed' || entry.wire === 'strings' ? entry.wire : base.wire;
  return { ...base, version, wire };
}

/** The reply bytes for an entry's status, headers and Response fields. */
export function buildReply(entry: EntryData, options: WireOptions): Reply {
  const status = typeof entry.status === 'number' ? entry.status : 200;
  const extra = Object.fromEntries(Object.entries((entry.headers ?? {}) as object).map(([k, v]) => [k.toLowerCase(), String(v)]));
  if (entry.body === 'none') {
    return Object.freeze({ status, headers: Object.freeze({ ...extra, 'content-length': 0 }), body: null });
  }
  const body = Buffer.from(JSON.stringify(encodeResource('Response', entry, options)), 'utf8');
  const headers = { 'content-type': JSON_TYPE, ...extra, 'content-length': body.length };
  return Object.freeze({ status, headers: Object.freeze(headers), body });
}
