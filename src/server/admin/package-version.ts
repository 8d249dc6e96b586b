import { readFileSync } from 'node:fs';
import path from 'node:path';

let version: string | undefined;

/** auth-sim's version from its package.json (src/ and dist/ both sit three folders below it), read once. */
export function packageVersion(): string {
  version ??= (JSON.parse(readFileSync(path.join(__dirname, '../../../package.json'), 'utf8')) as { version: string })
    .version;
  return version;
}
