import { runCli } from '../helpers/spawn-cli';
import { makeTempDir } from '../helpers/temp-dir';

test('check with a base URL without its scheme says so up front and exits 2, sending nothing', () => {
  const result = runCli(['check', '127.0.0.1:45639', '--token', 'a']);
  expect(result).toEqual({
    status: 2,
    stdout: '',
    stderr:
      'auth-sim: <base-url> must be a base URL with its scheme, e.g. http://127.0.0.1:45639\n(run auth-sim check --help for usage)\n',
  });
});

test('record --out into a missing folder says so up front and exits 2', () => {
  const dir = makeTempDir();
  const result = runCli(['record', '--target', 'http://127.0.0.1:9', '--out', 'no/such/rec.yaml', '-p', '0'], {
    cwd: dir.path,
  });
  dir.remove();
  expect(result).toEqual({
    status: 2,
    stdout: '',
    stderr:
      'auth-sim: --out: the folder no/such does not exist; create it first\n(run auth-sim record --help for usage)\n',
  });
});

test('record --target without its scheme says so up front and exits 2', () => {
  const result = runCli(['record', '--target', 'crm.local:8080', '--out', 'x.yaml']);
  expect([result.status, result.stderr]).toEqual([
    2,
    'auth-sim: --target must be a base URL with its scheme, e.g. http://crm.local:8080\n(run auth-sim record --help for usage)\n',
  ]);
});
