import { runCli } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';

let dir: TempDir;
beforeEach(() => {
  dir = makeTempDir();
  dir.write('a.yaml', 'tokens:\n  x: { stauts: 401 }\n');
  dir.write('b,c.yaml', 'tokens:\n  y: { status: 401 }\n');
});
afterEach(() => dir.remove());

test('validate --format json prints one document with the verdict, counts and every placed problem', () => {
  const result = runCli(['validate', '--format', 'json', '.'], { cwd: dir.path });
  expect(result.status).toBe(1);
  expect(result.stderr).toBe('');
  expect(JSON.parse(result.stdout)).toEqual({
    valid: false,
    files: 2,
    tokens: 0,
    problems: [
      {
        file: 'a.yaml',
        line: 2,
        column: 8,
        severity: 'error',
        path: 'tokens.x.stauts',
        message: 'tokens.x.stauts is not a scenario entry field; did you mean "status"?',
      },
    ],
  });
});

test('validate --format json on a valid set says valid with the counts', () => {
  const result = runCli(['validate', '--format', 'json', 'b,c.yaml'], { cwd: dir.path });
  expect(result.status).toBe(0);
  expect(JSON.parse(result.stdout)).toEqual({ valid: true, files: 1, tokens: 1, problems: [] });
});

test('validate --format github prints GitHub Actions annotations, file names escaped', () => {
  dir.write('b,c.yaml', 'tokens:\n  y: { status: 4O1 }\n');
  const result = runCli(['validate', '--format', 'github', '.'], { cwd: dir.path });
  expect(result.status).toBe(1);
  expect(result.stdout.split('\n').filter(Boolean)).toEqual([
    '::error file=a.yaml,line=2,col=8::tokens.x.stauts is not a scenario entry field; did you mean "status"?',
    expect.stringMatching(/^::error file=b%2Cc\.yaml,line=2,col=\d+::tokens\.y\.status /),
  ]);
  expect(result.stderr).toBe('auth-sim: 2 error(s) in 2 file(s)\n');
});
