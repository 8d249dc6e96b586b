import type { ServerResponse } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Writes a long answer (a caller report of 10,000 tokens is 15 MB) one chunk a turn of the
 * event loop: built and encoded in one go it held every protocol request for half a second a
 * read. Waits for the connection to drain once its buffer is full, so a slow reader holds a
 * chunk or two, not the answer; stops building when the reader hangs up. A failure after the
 * head is sent can only end the connection, which tells the reader the answer is incomplete.
 */
export async function sendChunks(res: ServerResponse, chunks: Iterable<string>): Promise<void> {
  try {
    for (const chunk of chunks) {
      if (res.destroyed) return;
      if (!res.write(chunk)) await drained(res);
      await nextTurn();
    }
    res.end();
  } catch (error) {
    res.destroy(error as Error);
  }
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
