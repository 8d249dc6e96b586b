import path from 'node:path';
import { runCli } from '../helpers/spawn-cli';
import { makeTempDir } from '../helpers/temp-dir';

test('the shipped example scenarios are valid', () => {
  const result = runCli(['validate', path.resolve(__dirname, '..', '..', 'scenarios')]);
  expect(result.stderr).not.toMatch(/error/);
  expect(result.status).toBe(0);
  expect(result.stdout).toMatch(/file\(s\), \d+ token\(s\): valid/);
});

test('validate exits 1 and prints one line per problem', () => {
  const dir = makeTempDir();
  dir.write('a.yaml', 'tokens:\n  x: { stauts: 401 }\n');
  dir.write('sub/b.yml', 'tokns: {}\n');
  const result = runCli(['validate', '.'], { cwd: dir.path });
  dir.remove();
  expect(result.status).toBe(1);
  expect(result.stderr.split('\n').filter(Boolean)).toEqual([
    'auth-sim: a.yaml:2:8 tokens.x.stauts is not a scenario entry field; did you mean "status"?',
    `auth-sim: ${path.join('sub', 'b.yml')}:1:1 tokns is not a scenario file field; did you mean "tokens"?`,
    'auth-sim: 2 error(s) in 2 file(s)',
  ]);
});

test('validate on a path that does not exist says so and exits 1', () => {
  const result = runCli(['validate', '/no/such/dir']);
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('/no/such/dir');
});
