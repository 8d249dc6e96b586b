import { rmSync } from 'node:fs';
import { RUN_DIR_VARIABLE } from './test-run-dir';

/** Jest's globalTeardown: removes the folder test-run-dir.ts made for this run. */
export default function removeTestRunDir(): void {
  const dir = process.env[RUN_DIR_VARIABLE];
  if (dir) rmSync(dir, { recursive: true, force: true });
}
