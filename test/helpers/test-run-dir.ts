import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The environment variable naming the folder one `jest` run's suites share (jest's globalSetup makes it). */
export const RUN_DIR_VARIABLE = 'AUTH_SIM_TEST_RUN_DIR';

/**
 * Jest's globalSetup: a folder for what every suite of this run may share and only one should
 * make (the packed tarball). Workers start after it and inherit the variable; globalTeardown
 * removes the folder, so nothing is reused from an earlier run.
 */
export default function makeTestRunDir(): void {
  process.env[RUN_DIR_VARIABLE] = mkdtempSync(path.join(os.tmpdir(), 'auth-sim-test-run-'));
}
