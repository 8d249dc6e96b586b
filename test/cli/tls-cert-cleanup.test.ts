import fs from 'node:fs';
import path from 'node:path';
import { runCli, startCli } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';

let dir: TempDir;
beforeAll(() => {
  dir = makeTempDir();
  dir.write('main.yaml', 'tokens:\n  alice: { status: 401, errorCode: AUTH_FAILED }\n');
  fs.mkdirSync(path.join(dir.path, 'tmp'));
});
afterAll(() => dir.remove());

/** The folders `--tls` left in the test's own temp dir (TMPDIR), so other engineers' runs never count. */
const leftOver = () => fs.readdirSync(path.join(dir.path, 'tmp')).filter((n) => n.startsWith('auth-sim-tls-'));

test.each(['SIGINT', 'SIGTERM'] as const)(
  'the self-signed certificate --tls wrote is removed with its folder on %s',
  async (signal) => {
    const cli = await startCli(['--scenarios', 'main.yaml', '--port', '0', '--tls'], {
      cwd: dir.path,
      env: { TMPDIR: path.join(dir.path, 'tmp') },
    });
    const written = /written to (\S+);/.exec(cli.stdout())![1];
    expect(fs.existsSync(written)).toBe(true);
    expect(leftOver()).toEqual([path.basename(path.dirname(written))]);
    cli.child.kill(signal);
    const code = await cli.exited();
    expect([code, cli.stderr()]).toEqual([0, '']);
    expect(fs.existsSync(path.dirname(written))).toBe(false);
    expect(leftOver()).toEqual([]);
  },
);

test('run --tls removes its certificate when the command it ran ends', () => {
  const printCert = 'process.stdout.write("cert " + require("fs").existsSync(process.env.CERT_FILE))';
  const tmp = path.join(dir.path, 'tmp');
  // The command cannot learn the path from the banner: it finds the one file --tls wrote in TMPDIR.
  const find = `const fs = require("fs"), p = require("path"); const d = fs.readdirSync(${JSON.stringify(tmp)}).find((n) => n.startsWith("auth-sim-tls-")); process.env.CERT_FILE = p.join(${JSON.stringify(tmp)}, d, fs.readdirSync(p.join(${JSON.stringify(tmp)}, d))[0]); ${printCert}`;
  const run = runCli(['run', '--scenarios', 'main.yaml', '--tls', '--', process.execPath, '-e', find], {
    cwd: dir.path,
    env: { TMPDIR: tmp },
  });
  expect([run.status, run.stderr]).toEqual([0, '']);
  expect(run.stdout).toContain('cert true');
  expect(leftOver()).toEqual([]);
});
