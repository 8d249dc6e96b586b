/** What reading an answer's body gave: its text, or that it was larger than allowed (the rest not read). */
export type CappedBody = { readonly text: string } | { readonly tooLarge: true };

/**
 * Reads a fetch answer's body as UTF-8 text, at most `maxBytes`: past that it stops reading,
 * cancels the rest and says so, so a huge or endless answer costs `maxBytes` of memory, not all
 * of it. Rejects as the body's stream does (the fetch's time-out, a connection cut).
 *
 * Hand-written: raw-body (body-parser's reader, with a `limit`) reads Node streams, and fetch's
 * body is a web stream; the loop it would save is this one.
 */
export async function readCappedBody(res: Response, maxBytes: number): Promise<CappedBody> {
  const declared = Number(res.headers.get('content-length'));
  if (res.body === null) return { text: '' };
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body.cancel().catch(() => undefined);
    return { tooLarge: true };
  }
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { tooLarge: true };
    }
    chunks.push(value);
  }
  return { text: Buffer.concat(chunks).toString('utf8') };
}
