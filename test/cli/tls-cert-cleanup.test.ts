import fs from 'node:fs';
import path from 'node:path';
import { runCli, startCli } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';

let dir: TempDir;
beforeAll(() => {
  dir = makeTempDir();
  dir.write('main.yaml', 'tokens:\n  alice: { status: 401, errorCode: AUTH_FAILED }\n');
});
afterAll(() => dir.remove());

/** A temp dir (TMPDIR) for one test alone, so nothing another run or test leaves there counts. */
const freshTmp = () => fs.mkdtempSync(path.join(dir.path, 'tmp-'));

/** The folders `--tls` made in `tmp` and left there. */
const leftOver = (tmp: string) => fs.readdirSync(tmp).filter((n) => n.startsWith('auth-sim-tls-'));

test.each(['SIGINT', 'SIGTERM'] as const)(
  'the self-signed certificate --tls wrote is removed with its folder on %s',
  async (signal) => {
    const tmp = freshTmp();
    const cli = await startCli(['--scenarios', 'main.yaml', '--port', '0', '--tls'], {
      cwd: dir.path,
      env: { TMPDIR: tmp },
    });
    const written = /written to (\S+);/.exec(cli.stdout())![1];
    expect(fs.existsSync(written)).toBe(true);
    expect(leftOver(tmp)).toEqual([path.basename(path.dirname(written))]);
    cli.child.kill(signal);
    const code = await cli.exited();
    expect([code, cli.stderr()]).toEqual([0, '']);
    expect(leftOver(tmp)).toEqual([]);
  },
);

test('run --tls removes its certificate when the command it ran ends', () => {
  const tmp = freshTmp();
  // The command finds the one certificate --tls wrote in its TMPDIR and says whether it is there.
  const probe = `const fs = require("fs"), p = require("path"), t = process.env.TMPDIR;
    const d = p.join(t, fs.readdirSync(t).find((n) => n.startsWith("auth-sim-tls-")));
    process.stdout.write("certificate there: " + fs.readdirSync(d).some((n) => n.endsWith("-cert.pem")));`;
  const run = runCli(['run', '--scenarios', 'main.yaml', '--tls', '--', process.execPath, '-e', probe], {
    cwd: dir.path,
    env: { TMPDIR: tmp },
  });
  expect([run.status, run.stderr]).toEqual([0, '']);
  expect(run.stdout).toContain('certificate there: true');
  expect(leftOver(tmp)).toEqual([]);
});
