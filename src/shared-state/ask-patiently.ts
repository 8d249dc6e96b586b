import { CONNECT_TIMEOUT_MS } from './connect-redis';

/** How soon a question Redis did not answer in time (a command waits 250 ms at most) is asked again. */
const RETRY_MS = 100;

/**
 * Asks Redis again while it is connected but slow to answer: every 100 ms, for up to 3 s (the
 * connect budget), while `keepAsking()` holds. Resolves to the answer, or to the last failure.
 * A question given up at the first time-out left an instance answering differently from the rest
 * of its group (no runtime tokens after a join, a session's token taken for an unknown one).
 * Hand-written: ioredis retries connecting, not a command that timed out on a live connection.
 */
export async function askPatiently<T>(
  ask: () => Promise<T>,
  keepAsking: () => boolean,
): Promise<{ readonly answer: T } | { readonly failure: Error }> {
  const until = Date.now() + CONNECT_TIMEOUT_MS;
  for (;;) {
    try {
      return { answer: await ask() };
    } catch (error) {
      if (!keepAsking() || Date.now() >= until) return { failure: error as Error };
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}
