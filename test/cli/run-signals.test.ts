import { readFileSync } from 'node:fs';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { startRun } from '../helpers/start-run';
import { waitFor } from '../helpers/wait-for';

/**
 * Whether a process with this id still runs. A killed one whose new parent (PID 1 here) has not
 * reaped it yet is a zombie: dead, though signal 0 still finds it, so Linux's /proc state decides.
 */
function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * A command that starts a grandchild (its stdio inherited, so it prints through run's own), which
 * says it is ready, then writes its pid to `pidFile`, and reacts to `signals` by printing their names; with
 * `stubborn` it ignores them all. The command itself waits for the grandchild, or with `leave`
 * exits once the grandchild has written its pid.
 */
function command(pidFile: string, options: { stubborn?: boolean; leave?: boolean } = {}): string[] {
  const grandchild = `
    for (const s of ['SIGINT', 'SIGTERM', 'SIGQUIT', 'SIGHUP'])
      process.on(s, () => { console.log('grandchild got ' + s); ${options.stubborn ? '' : 'process.exit(9);'} });
    console.log('grandchild ready');
    require('fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));
    setInterval(() => {}, 1000);`;
  const parent = `
    const c = require('child_process').spawn(process.execPath, ['-e', ${JSON.stringify(grandchild)}], { stdio: 'inherit' });
    ${options.leave ? `setInterval(() => require('fs').existsSync(${JSON.stringify(pidFile)}) && process.exit(0), 10);` : 'c.on("exit", (code) => process.exit(code ?? 100));'}
    for (const s of ['SIGINT', 'SIGTERM', 'SIGQUIT', 'SIGHUP']) process.on(s, () => {});`;
  return [process.execPath, '-e', parent];
}

let dir: TempDir;
beforeEach(() => {
  dir = makeTempDir();
  dir.write('qa.yaml', 'tokens:\n  bob: { status: 404 }\n');
});
afterEach(() => dir.remove());

test.each(['SIGINT', 'SIGTERM', 'SIGQUIT', 'SIGHUP'] as const)(
  '%s sent to run reaches the whole process group, a grandchild included',
  async (signal) => {
    const pidFile = `${dir.path}/grandchild.pid`;
    const run = startRun(['run', '-s', 'qa.yaml', '--', ...command(pidFile)], dir.path);
    await run.whenPrinted('grandchild ready');
    run.child.kill(signal);
    expect((await run.exited).code).toBe(9);
    expect(run.stdout()).toContain(`grandchild got ${signal}\n`);
  },
);

test('a command that ignores the signal gets SIGKILL after --kill-after, and run exits 128 + 9', async () => {
  const pidFile = `${dir.path}/grandchild.pid`;
  const run = startRun(
    ['run', '-s', 'qa.yaml', '--kill-after', '300ms', '--', ...command(pidFile, { stubborn: true })],
    dir.path,
  );
  await run.whenPrinted('grandchild ready');
  const grandchild = await waitFor(() => Number(readFileSync(pidFile, 'utf8')));
  const sent = Date.now();
  run.child.kill('SIGTERM');
  const { code, at } = await run.exited;
  expect(code).toBe(137);
  expect(at - sent).toBeGreaterThanOrEqual(300);
  expect(run.stdout()).toContain('grandchild got SIGTERM\n');
  expect(run.stderr()).toContain(
    'auth-sim: the command did not end within 300 ms of SIGTERM: sending SIGKILL to its processes\n',
  );
  await waitFor(() => !isRunning(grandchild), { timeoutMs: 2000, what: 'the grandchild to be gone' });
});

test('a grandchild the command left running does not outlive run, even one that ignores SIGTERM', async () => {
  const pidFile = `${dir.path}/grandchild.pid`;
  const run = startRun(['run', '-s', 'qa.yaml', '--', ...command(pidFile, { leave: true, stubborn: true })], dir.path);
  await run.whenPrinted('grandchild ready');
  const grandchild = await waitFor(() => Number(readFileSync(pidFile, 'utf8')));
  expect((await run.exited).code).toBe(0);
  expect(run.stderr()).toContain(
    'auth-sim: processes the command started were still running after it ended: stopped them (SIGKILL)\n',
  );
  await waitFor(() => !isRunning(grandchild), { timeoutMs: 2000, what: 'the grandchild to be gone' });
});
