/** About how many characters one chunk of a written report holds: built in one go, about a millisecond of work. */
const CHUNK_CHARS = 16 * 1024;

/** The pieces joined into chunks of at least CHUNK_CHARS (the last one may be shorter). */
export function* chunked(pieces: Iterable<string>): Generator<string> {
  let buffer = '';
  for (const piece of pieces) {
    buffer += piece;
    if (buffer.length >= CHUNK_CHARS) {
      yield buffer;
      buffer = '';
    }
  }
  if (buffer !== '') yield buffer;
}
