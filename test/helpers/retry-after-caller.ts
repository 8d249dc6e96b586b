/**
 * A chat server's client facing a rate limit, over real fetches with time-outs: it asks for a
 * token until it gets a card or runs out of attempts; after an answer with Retry-After it waits
 * that many seconds (`honours: true`) or asks again at once (`honours: false`, a careless client).
 */
export interface RetryAfterPolicy {
  readonly honours: boolean;
  readonly attempts: number;
}

/** What each attempt got: its status and Retry-After (null without one). */
export interface RetryAfterAttempt {
  readonly status: number;
  readonly retryAfter: string | null;
}

export async function callRespectingRetryAfter(
  baseUrl: string,
  token: string,
  policy: RetryAfterPolicy,
): Promise<RetryAfterAttempt[]> {
  const seen: RetryAfterAttempt[] = [];
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    const res = await fetch(`${baseUrl}/rest/chat/client/id/${encodeURIComponent(token)}`, {
      signal: AbortSignal.timeout(5000),
    });
    await res.arrayBuffer();
    const retryAfter = res.headers.get('retry-after');
    seen.push({ status: res.status, retryAfter });
    if (res.status === 200) break;
    // The wait under test: the client does what Retry-After asks, as a polite chat server would.
    if (policy.honours && retryAfter !== null)
      await new Promise((resolve) => setTimeout(resolve, Number(retryAfter) * 1000));
  }
  return seen;
}
