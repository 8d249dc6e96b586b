/** The trace a request belongs to, from its W3C `traceparent` header. */
export interface TraceIds {
  readonly traceId: string;
  readonly spanId: string;
}

/** version-traceid-parentid-flags, lowercase hex (W3C Trace Context, section 3.2). */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ZERO_TRACE = '0'.repeat(32);
const ZERO_SPAN = '0'.repeat(16);

/**
 * The trace and span ids of a `traceparent` header, or null when it is absent or not valid
 * (version ff, all-zero ids, version 00 with anything after the flags: W3C Trace Context 3.2.2).
 * @opentelemetry/core's propagator was considered: it is a whole tracing SDK for one regular expression.
 */
export function parseTraceparent(header: string | undefined): TraceIds | null {
  if (header === undefined) return null;
  const match = TRACEPARENT.exec(header.trim());
  if (match === null) return null;
  const [, version, traceId, spanId, , rest] = match;
  if (version === 'ff' || (version === '00' && rest !== undefined)) return null;
  if (traceId === ZERO_TRACE || spanId === ZERO_SPAN) return null;
  return { traceId, spanId };
}
