import http from 'node:http';
import https from 'node:https';
import { ADMIN_TOKEN_HEADER } from '../protocol/endpoints';

/** One call of the admin API, as an MCP tool makes it: a path below the admin prefix. */
export interface AdminCall {
  readonly method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  /** Below the admin prefix, e.g. `/tokens/alice`; the caller percent-encodes what it puts in. */
  readonly path: string;
  readonly body?: unknown;
}

/** What the admin API answered: its status and its body (parsed JSON, else the text). */
export interface AdminAnswer {
  readonly status: number;
  readonly body: unknown;
}

/**
 * How the MCP tools reach a simulator: its admin API over HTTP, from `auth-sim mcp <admin-url>`
 * and from the simulator's own `/__admin/mcp` alike, so a tool answers exactly what the admin API
 * would, through the same guard, checks and messages.
 */
export type AdminCaller = (call: AdminCall) => Promise<AdminAnswer>;

/** How long one admin call may take before the tool reports the simulator as unreachable. */
const CALL_TIMEOUT_MS = 10_000;
/** The most of an admin answer a tool reads: a journal page or a large report, never without bound. */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/** Where to call and how: `ownCertificate` trusts whatever certificate the address shows (a simulator calling itself). */
export interface AdminTarget {
  readonly adminUrl: string;
  readonly token: string | undefined;
  readonly ownCertificate?: boolean;
}

/**
 * Calls the admin API at `adminUrl` (e.g. `http://127.0.0.1:8080/__admin`) with node:http(s):
 * fetch cannot be told to trust a simulator's own made-at-start certificate when it calls itself.
 */
export function httpAdminCaller({ adminUrl, token, ownCertificate = false }: AdminTarget): AdminCaller {
  const base = adminUrl.replace(/\/+$/, '');
  return ({ method, path, body }) =>
    new Promise((resolve, reject) => {
      const url = new URL(`${base}${path}`);
      const headers: Record<string, string> = {};
      if (token !== undefined && token !== '') headers[ADMIN_TOKEN_HEADER] = token;
      const payload = body === undefined ? undefined : JSON.stringify(body);
      if (payload !== undefined) headers['content-type'] = 'application/json';
      const client = url.protocol === 'https:' ? https : http;
      const unreachable = (error: Error) =>
        reject(new Error(`cannot reach the simulator's admin API at ${base}: ${error.message}`));
      const req = client.request(
        url,
        { method, headers, timeout: CALL_TIMEOUT_MS, ...(ownCertificate ? { rejectUnauthorized: false } : {}) },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_ANSWER_BYTES)
              return void res.destroy(new Error(`the answer is over ${MAX_ANSWER_BYTES} bytes`));
            chunks.push(chunk);
          });
          res.on('error', unreachable);
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: parseBody(Buffer.concat(chunks).toString('utf8')) }),
          );
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer within ${CALL_TIMEOUT_MS / 1000} s`)));
      req.on('error', unreachable);
      req.end(payload);
    });
}

/** JSON when it parses, else the text as it came. */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
