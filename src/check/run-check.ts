import { randomBytes } from 'node:crypto';
import type { WireOptions } from '../protocol/wire-encode';
import { checkAnswer, compareAnswers, type Expectation } from './check-answer';
import { fetchAnswer, type Method, type Outcome, type ReachLimits } from './fetch-answer';
import type { Finding } from './finding';

/** What `auth-sim check` checks and how. */
export interface CheckOptions {
  readonly baseUrl: string;
  readonly tokens: readonly string[];
  /** A token the service must refuse; default a random one. */
  readonly unknownToken?: string;
  readonly limits: ReachLimits;
  readonly wire: WireOptions;
}

/** One request as the report shows it: status (or time-out/failure) and time taken. */
export interface RequestRecord {
  readonly token: string;
  readonly method: Method;
  readonly expect: Expectation;
  readonly status?: number;
  readonly contentType?: string;
  readonly outcome: Outcome['kind'];
  readonly ms: number;
}

/** The whole run: every request and every problem, in token order. */
export interface CheckReport {
  readonly baseUrl: string;
  readonly requests: readonly RequestRecord[];
  readonly findings: readonly Finding[];
}

/** A token no service knows, with a space, "+", "/" and Cyrillic so it also tests that such tokens round-trip. */
function randomUnknownToken(): string {
  return `auth-sim-check ${randomBytes(6).toString('hex')}+/ж`;
}

/** Tokens checked at once: enough to keep slow answers from adding up, few enough not to load the service. */
const PARALLEL_TOKENS = 4;

/** Checks every token and the unknown-token probe (GET, then POST, per token); the report keeps token order. */
export async function runCheck(options: CheckOptions): Promise<CheckReport> {
  const probes: [string, Expectation][] = [
    ...options.tokens.map((t): [string, Expectation] => [t, 'known']),
    [options.unknownToken ?? randomUnknownToken(), 'unknown'],
  ];
  const results: { requests: RequestRecord[]; findings: Finding[] }[] = new Array<{
    requests: RequestRecord[];
    findings: Finding[];
  }>(probes.length);
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const i = next++;
      results[i] = await checkToken(probes[i][0], probes[i][1], options);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_TOKENS, probes.length) }, worker));
  return {
    baseUrl: options.baseUrl,
    requests: results.flatMap((r) => r.requests),
    findings: results.flatMap((r) => r.findings),
  };
}

async function checkToken(
  token: string,
  expect: Expectation,
  options: CheckOptions,
): Promise<{ requests: RequestRecord[]; findings: Finding[] }> {
  const get = await fetchAnswer(options.baseUrl, token, 'GET', options.limits);
  const post = await fetchAnswer(options.baseUrl, token, 'POST', options.limits);
  const findings: Finding[] = [];
  const add = (method: Method, list: ReturnType<typeof checkAnswer>) =>
    findings.push(...list.map((f) => ({ ...f, token, method })));
  add('GET', checkAnswer(get, expect, options.wire, options.limits.timeoutMs));
  // The same bytes have the same problems: POST's body is checked only where it differs from GET's.
  const sameAsGet =
    get.kind === 'answer' && post.kind === 'answer' && get.status === post.status && get.bytes.equals(post.bytes);
  add('POST', sameAsGet ? [] : checkAnswer(post, expect, options.wire, options.limits.timeoutMs));
  add('POST', compareAnswers(get, post));
  return { requests: [requestRecord(token, 'GET', expect, get), requestRecord(token, 'POST', expect, post)], findings };
}

/** What a report says of one request: its outcome, and for an answer its status and content type. */
export function requestRecord(token: string, method: Method, expect: Expectation, outcome: Outcome): RequestRecord {
  if (outcome.kind !== 'answer' && outcome.kind !== 'oversize')
    return { token, method, expect, outcome: outcome.kind, ms: outcome.ms };
  const contentType = outcome.headers.get('content-type') ?? undefined;
  return {
    token,
    method,
    expect,
    outcome: outcome.kind,
    ms: outcome.ms,
    status: outcome.status,
    ...(contentType ? { contentType } : {}),
  };
}

/** Errors and warnings counted. */
export function countFindings(report: CheckReport): { errors: number; warnings: number } {
  const errors = report.findings.filter((f) => f.severity === 'error').length;
  return { errors, warnings: report.findings.length - errors };
}
