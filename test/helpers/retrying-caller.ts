/**
 * A chat server's client as the caller report judges it: asks for a token, gives up on an answer
 * after `timeoutMs` (AbortSignal.timeout), and retries a failure after the back-off it is given,
 * until a 200 with a client card or `attempts` run out. Written for the tests, with real fetches
 * and real time-outs, so the report measures real traffic.
 */
export interface RetryPolicy {
  readonly attempts: number;
  /**
   * The wait before retry n (1-based), in milliseconds, from reading the last answer.
   * `lastIntervalMs`: the time from the ask before the last one to the last one (0 before retry 2).
   */
  readonly backoffMs: (retry: number, lastIntervalMs: number) => number;
  readonly timeoutMs: number;
  readonly method?: 'GET' | 'POST';
}

/** What the caller saw of each attempt: a status, or the failure's name (TimeoutError, TypeError). */
export type Attempt = number | string;

/**
 * What the caller really spent, as a timer on a machine shared past its cores fires late, by tens
 * of milliseconds and more. `waited`: before each retry, from reading one answer to asking again.
 * `gaveUp`: for each attempt that timed out, from asking to giving up.
 */
export interface CallerTimings {
  readonly waited?: number[];
  readonly gaveUp?: number[];
}

/** Asks for `token` until it gets a card; resolves with what each attempt saw, and fills the timings it is given. */
export async function callWithRetries(
  baseUrl: string,
  token: string,
  policy: RetryPolicy,
  { waited, gaveUp }: CallerTimings = {},
): Promise<Attempt[]> {
  const seen: Attempt[] = [];
  let answeredAt = 0;
  const askedAt: number[] = [];
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    if (attempt > 1) {
      const lastInterval = askedAt.length < 2 ? 0 : askedAt[askedAt.length - 1] - askedAt[askedAt.length - 2];
      await new Promise((resolve) => setTimeout(resolve, policy.backoffMs(attempt - 1, lastInterval)));
      waited?.push(performance.now() - answeredAt);
    }
    askedAt.push(performance.now());
    const outcome = await askOnce(baseUrl, token, policy);
    answeredAt = performance.now();
    if (outcome === 'TimeoutError') gaveUp?.push(answeredAt - askedAt[askedAt.length - 1]);
    seen.push(outcome);
    if (outcome === 200) break;
  }
  return seen;
}

async function askOnce(baseUrl: string, token: string, policy: RetryPolicy): Promise<Attempt> {
  const post = policy.method === 'POST';
  const url = post ? `${baseUrl}/rest/chat/client/id/` : `${baseUrl}/rest/chat/client/id/${encodeURIComponent(token)}`;
  try {
    const res = await fetch(url, {
      method: post ? 'POST' : 'GET',
      headers: post ? { token } : {},
      signal: AbortSignal.timeout(policy.timeoutMs),
    });
    const text = await res.text();
    if (res.status === 200 && !text.includes('"client"')) return 'no card';
    return res.status;
  } catch (error) {
    return (error as Error).name;
  }
}

/**
 * Exponential back-off: `firstMs`, then twice the time between its last two asks, as the caller
 * really spent it. Doubling the wait it asked for instead let a timer that fired 70 ms late on a
 * loaded machine make the next gap less than 1.5x that one, and the report rightly called such a
 * caller irregular: a CI attempt saw it.
 */
export const exponential = (firstMs: number) => (retry: number, lastIntervalMs: number) =>
  retry === 1 ? firstMs : 2 * lastIntervalMs;
/** The same wait every time. */
export const constant = (ms: number) => () => ms;
