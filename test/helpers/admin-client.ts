/** An admin API answer: status, headers and the parsed JSON body. */
export interface AdminAnswer {
  readonly status: number;
  readonly headers: Headers;
  // The admin API's JSON, read field by field by the tests.
  readonly body: Record<string, unknown>;
}

/** Options of one admin call. */
export interface AdminCall {
  readonly body?: string;
  readonly headers?: Record<string, string>;
}

/** Calls the admin API over real HTTP: `adminCall(sim.url, 'PUT', '/__admin/tokens/x', { body })`. */
export async function adminCall(url: string, method: string, path: string, call: AdminCall = {}): Promise<AdminAnswer> {
  const res = await fetch(`${url}${path}`, { method, headers: call.headers, body: call.body });
  const text = await res.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error(`${method} ${path} answered ${res.status} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
  return { status: res.status, headers: res.headers, body };
}

/** A JSON PUT body with its content type. */
export function jsonBody(value: unknown): AdminCall {
  return { body: JSON.stringify(value), headers: { 'content-type': 'application/json' } };
}
