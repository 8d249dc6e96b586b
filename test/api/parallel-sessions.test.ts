import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';

const root = path.resolve(__dirname, '..', '..');
const config = path.join(root, 'test/fixtures/parallel-sessions/jest.config.js');

interface JestJson {
  readonly numPassedTestSuites: number;
  readonly numFailedTestSuites: number;
  readonly testResults: readonly { readonly name: string; readonly status: string; readonly message: string }[];
}

let dir: TempDir;
beforeAll(() => {
  dir = makeTempDir();
});
afterAll(() => dir.remove());

test('four files in parallel workers against one simulator: each session walks the sequence from its first step, and only the hammering one fails', async () => {
  const out = path.join(dir.path, 'results.json');
  const code = await new Promise<number>((resolve) => {
    const child = execFile(
      process.execPath,
      [require.resolve('jest/bin/jest'), '--config', config, '--json', '--outputFile', out],
      {
        cwd: root,
        timeout: 120_000,
        env: {
          ...process.env,
          PARALLEL_SESSIONS_REPORT: path.join(dir.path, 'run-report.json'),
          PARALLEL_SESSIONS_WORKERS: path.join(dir.path, 'workers.txt'),
        },
      },
      () => undefined,
    );
    child.on('exit', (exitCode) => resolve(exitCode ?? -1));
  });
  const results = JSON.parse(readFileSync(out, 'utf8')) as JestJson;
  const byFile = Object.fromEntries(results.testResults.map((r) => [path.basename(r.name), r]));
  expect(Object.fromEntries(Object.entries(byFile).map(([name, r]) => [name, r.status]))).toEqual({
    'walk-1.spec.ts': 'passed',
    'walk-2.spec.ts': 'passed',
    'walk-3.spec.ts': 'passed',
    'hammer.spec.ts': 'failed',
  });
  // jest shows the scenario's path relative to the root.
  expect(byFile['hammer.spec.ts'].message).toContain(
    'auth-sim: the caller report fails:\n' +
      '      test/fixtures/parallel-sessions/scenario.yaml:3:15 token "retry-twice": calls expected at most 3, seen 13',
  );
  expect(code).toBe(1);
  // Four workers, one per file, all at the barrier at once.
  expect(new Set(readFileSync(path.join(dir.path, 'workers.txt'), 'utf8').trim().split('\n')).size).toBe(4);
  // The run-wide report saw every request, a session's under the token without its prefix.
  const run = JSON.parse(readFileSync(path.join(dir.path, 'run-report.json'), 'utf8')) as {
    tokens: Record<string, { calls: number }>;
  };
  expect(run.tokens['retry-twice'].calls).toBe(3 * 3 + 13);
  expect(run.tokens.barrier.calls).toBe(4);
}, 150_000);
