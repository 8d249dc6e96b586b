import type { Method } from './fetch-answer';

/** One problem the checker found in an answer: where (token, method, JSON path) and what. */
export interface Finding {
  readonly severity: 'error' | 'warning';
  /** The token as the checker sent it. */
  readonly token: string;
  readonly method: Method;
  /** A JSON path into the body ("client.enabled", "companyList[0].inn"), or "" for the answer as a whole. */
  readonly path: string;
  readonly message: string;
}

/** A finding without its token and method, as a body check returns it. */
export type BodyFinding = Pick<Finding, 'severity' | 'path' | 'message'>;

/** The one-line form: `alice GET client.enabled: must be "true" or "false"; got true (a JSON boolean)`. */
export function formatFinding(f: Finding): string {
  const where = f.path === '' ? `${f.token} ${f.method}` : `${f.token} ${f.method} ${f.path}`;
  return `${where}: ${f.severity === 'warning' ? 'warning: ' : ''}${f.message}`;
}

/** A body finding of each severity; `path` "" is the answer as a whole. */
export function error(path: string, message: string): BodyFinding {
  return { severity: 'error', path, message };
}

export function warning(path: string, message: string): BodyFinding {
  return { severity: 'warning', path, message };
}

/** `name`'s JSON path inside `path` ("client" + "inn" = "client.inn"). */
export function joinPath(path: string, name: string): string {
  return path === '' ? name : `${path}.${name}`;
}
