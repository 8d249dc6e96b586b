import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from './wait-for';

/** The environment variable naming the folder one `jest` run's suites share (jest's globalSetup makes it). */
export const RUN_DIR_VARIABLE = 'AUTH_SIM_TEST_RUN_DIR';

/**
 * Jest's globalSetup: a folder for what every suite of this run may share and only one should
 * make (the packed tarball, the browser). Workers start after it and inherit the variable;
 * globalTeardown removes the folder, so nothing is reused from an earlier run.
 */
export default function makeTestRunDir(): void {
  process.env[RUN_DIR_VARIABLE] = mkdtempSync(path.join(os.tmpdir(), 'auth-sim-test-run-'));
}

/** The folder globalSetup made for this run. */
export function testRunDir(): string {
  const dir = process.env[RUN_DIR_VARIABLE];
  if (!dir) throw new Error(`${RUN_DIR_VARIABLE} is not set: run jest with jest.config.js, whose globalSetup sets it`);
  return dir;
}

/**
 * What `make` gives, made once per run whichever suite asks first, in whichever worker: the
 * first takes a lock (mkdir is atomic; proper-lockfile's stale-lock handling is not needed for a
 * folder that lives for one run), makes it in `<run dir>/<name>/` and writes the outcome as JSON;
 * the others wait for that file. A failure is every asker's failure, with the same message.
 */
export async function oncePerRun<T>(name: string, what: string, make: (dir: string) => Promise<T>): Promise<T> {
  const dir = path.join(testRunDir(), name);
  const outcome = `${dir}.json`;
  let first = true;
  try {
    mkdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    first = false;
  }
  if (first) {
    let result: { value?: T; error?: string };
    try {
      result = { value: await make(dir) };
    } catch (error) {
      result = { error: error instanceof Error ? error.message : String(error) };
    }
    writeFileSync(`${outcome}.part`, JSON.stringify(result));
    renameSync(`${outcome}.part`, outcome);
  } else {
    await waitFor(() => existsSync(outcome), { timeoutMs: 240_000, intervalMs: 100, what });
  }
  const result = JSON.parse(readFileSync(outcome, 'utf8')) as { value?: T; error?: string };
  if (result.error !== undefined) throw new Error(result.error);
  return result.value as T;
}
