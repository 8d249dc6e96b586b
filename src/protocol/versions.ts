/** Protocol versions in order: 1.0 is the baseline, 1.1-1.4 follow the reference's change history. */
export const PROTOCOL_VERSIONS = ['1.0', '1.1', '1.2', '1.3', '1.4'] as const;

export type ProtocolVersion = (typeof PROTOCOL_VERSIONS)[number];

/** The newest version; what is served when a scenario names none. */
export const LATEST_VERSION: ProtocolVersion = '1.4';

/** Whether `value` names a known protocol version. */
export function isProtocolVersion(value: unknown): value is ProtocolVersion {
  return typeof value === 'string' && (PROTOCOL_VERSIONS as readonly string[]).includes(value);
}

/** Whether something introduced in `since` exists in `served`. */
export function isIntroducedBy(since: ProtocolVersion, served: ProtocolVersion): boolean {
  return PROTOCOL_VERSIONS.indexOf(since) <= PROTOCOL_VERSIONS.indexOf(served);
}
