import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { RUN_DIR_VARIABLE } from './test-run-dir';

/**
 * Jest's globalTeardown: stops the processes suites started for the whole run (each wrote its
 * id to `<name>.pid`), then removes the folder test-run-dir.ts made.
 */
export default function removeTestRunDir(): void {
  const dir = process.env[RUN_DIR_VARIABLE];
  if (!dir) return;
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.pid'))) {
    try {
      process.kill(Number(readFileSync(path.join(dir, name), 'utf8')), 'SIGTERM');
    } catch {
      // already gone: it also leaves when the worker that started it does
    }
  }
  rmSync(dir, { recursive: true, force: true });
}
