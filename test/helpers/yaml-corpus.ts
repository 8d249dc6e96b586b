import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every scenario file shipped under scenarios/, as absolute paths. */
export function shippedScenarios(dir = join(__dirname, '../../scenarios')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? shippedScenarios(join(dir, e.name)) : /\.ya?ml$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}
