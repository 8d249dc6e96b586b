import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

/** Why `value` is not a service's base URL (fetch refuses one without its scheme), or null. */
export function baseUrlProblem(flag: string, value: string): string | null {
  if (/^https?:\/\//i.test(value) && URL.canParse(value)) return null;
  return `${flag} must be a base URL with its scheme, e.g. http://${value.replace(/^\w+:\/\//, '')}`;
}

/** Why `file` cannot be written to (its folder is missing or not a folder), or null. */
export function outFileProblem(flag: string, file: string): string | null {
  const folder = path.dirname(path.resolve(file));
  if (!existsSync(folder)) return `${flag}: the folder ${path.dirname(file)} does not exist; create it first`;
  if (!statSync(folder).isDirectory()) return `${flag}: ${path.dirname(file)} is not a folder`;
  return null;
}
