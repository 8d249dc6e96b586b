/** How long to keep trying, and how often. */
export interface WaitOptions {
  readonly timeoutMs?: number;
  readonly intervalMs?: number;
  /** Named in the timeout error, so a failure says what never happened. */
  readonly what?: string;
}

/**
 * Polls `check` until it returns a value other than undefined/false (or stops throwing), and
 * returns that value; throws with the last error once `timeoutMs` passes. For conditions
 * that become true after a file event, instead of a sleep that guesses how long it takes.
 */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  options: WaitOptions = {},
): Promise<Exclude<T, undefined | false>> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const intervalMs = options.intervalMs ?? 10;
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value as Exclude<T, undefined | false>;
      last = undefined;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      const why = last instanceof Error ? `: ${last.message}` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${options.what ?? 'a condition'}${why}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
