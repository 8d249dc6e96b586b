import { WIRE_STYLES, type WireOptions, type WireStyle } from '../../protocol/wire-encode';
import { isProtocolVersion, type ProtocolVersion } from '../../protocol/versions';

/** The wire options an entry is served with: its own `protocol`/`wire`, else the file's, else the base. */
export function wireOptionsFor(entry: Record<string, unknown>, base: WireOptions): WireOptions {
  return { ...base, version: versionOf(entry, base.version), wire: wireOf(entry, base.wire) };
}

/** An entry's own `protocol`, else what it inherits. */
export function versionOf(entry: Record<string, unknown>, inherited: ProtocolVersion): ProtocolVersion {
  return isProtocolVersion(entry.protocol) ? entry.protocol : inherited;
}

/** An entry's own `wire`, else what it inherits. */
export function wireOf(entry: Record<string, unknown>, inherited: WireStyle): WireStyle {
  return (WIRE_STYLES as readonly unknown[]).includes(entry.wire) ? (entry.wire as WireStyle) : inherited;
}
