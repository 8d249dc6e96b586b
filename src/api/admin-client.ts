/** An admin API answer: its status and its parsed JSON (or its text when it is not JSON). */
export interface AdminAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly text: string;
}

/** How long an admin call may take beyond what it waits for, before the client gives up on it. */
const CALL_TIMEOUT_MS = 30_000;

/**
 * The admin API over HTTP, for handles that live outside the simulator's process (another jest
 * worker, a container) and for the in-process handle's sessions alike: one client, one set of
 * messages. Node's own fetch; every call has a time-out.
 */
export class AdminClient {
  constructor(
    /** `${url}/__admin`. */
    readonly adminUrl: string,
    private readonly adminToken?: string,
  ) {}

  /** One call; `waitMs` is how long the server may hold it (a wait), added to the time-out. */
  async call(method: string, path: string, body?: unknown, waitMs = 0): Promise<AdminAnswer> {
    const headers: Record<string, string> = {};
    if (this.adminToken !== undefined) headers.authorization = `Bearer ${this.adminToken}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.adminUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS + waitMs),
    }).catch((error: Error) => {
      throw new Error(`auth-sim: ${method} ${this.adminUrl}${path} failed: ${error.message}`);
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON (a JUnit report, an HTML error from something in between): the text is the body.
    }
    return { status: response.status, body: parsed, text };
  }

  /** call(), expecting one of `ok`; anything else rejects with the admin API's own message. */
  async expect(method: string, path: string, ok: readonly number[], body?: unknown, waitMs = 0): Promise<AdminAnswer> {
    const answer = await this.call(method, path, body, waitMs);
    if (!ok.includes(answer.status))
      throw new Error(`auth-sim: ${method} ${path} answered ${answer.status}: ${errorOf(answer)}`);
    return answer;
  }
}

/** The `error` of an admin answer, or its text. */
export function errorOf(answer: AdminAnswer): string {
  const body = answer.body as { error?: unknown } | null;
  return typeof body === 'object' && body !== null && typeof body.error === 'string' ? body.error : answer.text;
}
