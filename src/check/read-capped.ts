/** A body read up to a cap: whole, or the first bytes past the cap and, when kept, the stream of what follows. */
export type CappedRead =
  | { readonly complete: true; readonly bytes: Buffer }
  | { readonly complete: false; readonly bytes: Buffer; readonly rest?: ReadableStream<Uint8Array> };

/**
 * Reads `body` chunk by chunk until it ends or holds more than `maxBytes`; never more than one
 * chunk past the cap is held. Written over the stream's reader: `node:stream/consumers` reads to
 * the end whatever the size (considered), and raw-body's limit throws away what was read.
 */
export async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  keepRest: boolean,
): Promise<CappedRead> {
  if (body === null) return { complete: true, bytes: Buffer.alloc(0) };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { complete: true, bytes: Buffer.concat(chunks, size) };
    chunks.push(value);
    size += value.length;
    if (size > maxBytes) break;
  }
  const bytes = Buffer.concat(chunks, size);
  if (!keepRest) {
    void reader.cancel().catch(() => undefined);
    return { complete: false, bytes };
  }
  reader.releaseLock();
  return { complete: false, bytes, rest: body };
}
