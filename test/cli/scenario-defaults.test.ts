import path from 'node:path';
import { chooseScenarios, DEFAULT_SCENARIOS } from '../../src/cli/default-scenarios';
import { runCli, startCli } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';

const ALICE =
  'tokens:\n  alice:\n    client: { id: "1", name: A, surname: A, firstname: A, type: "1", enabled: true }\n';

let dir: TempDir;
beforeEach(() => (dir = makeTempDir()));
afterEach(() => dir.remove());

test("validate with no path checks the project's ./scenarios, not the shipped examples", () => {
  dir.write('scenarios/broken.yaml', 'tokens:\n  x: { stauts: 401 }\n');
  const result = runCli(['validate'], { cwd: dir.path });
  expect(result.status).toBe(1);
  expect(result.stdout).toBe('auth-sim: no path given: using ./scenarios\n');
  expect(result.stderr.split('\n').filter(Boolean)).toEqual([
    `auth-sim: ${path.join('scenarios', 'broken.yaml')}:2:8 tokens.x.stauts is not a scenario entry field; did you mean "status"?`,
    'auth-sim: 1 error(s) in 1 file(s)',
  ]);
});

test('validate with no path and no ./scenarios says it checks the shipped examples', () => {
  const result = runCli(['validate'], { cwd: dir.path });
  expect(result.status).toBe(0);
  expect(result.stdout.split('\n')[0]).toBe(
    `auth-sim: no path given and no ./scenarios here: using the shipped examples in ${DEFAULT_SCENARIOS}`,
  );
});

test('validate on a directory with no scenario file is an error, not "0 file(s): valid"', () => {
  dir.write('empty/readme.txt', 'not a scenario\n');
  const result = runCli(['validate', 'empty'], { cwd: dir.path });
  expect(result.status).toBe(1);
  expect(result.stdout).toBe('');
  expect(result.stderr).toBe(
    'auth-sim: empty:1:1 empty holds no scenario file (.yaml, .yml or .json) (skipped: empty/readme.txt: not .yaml, .yml or .json): nothing to validate\nauth-sim: 1 error(s) in 0 file(s)\n',
  );
});

test('serve on a directory with no scenario file warns that only the fallback answers', async () => {
  dir.write('empty/readme.txt', 'not a scenario\n');
  const cli = await startCli(['-s', 'empty', '--port', '0', '--no-watch'], { cwd: dir.path });
  await cli.stop();
  expect(cli.stderr()).toBe(
    'auth-sim: empty holds no scenario file (.yaml, .yml or .json) (skipped: empty/readme.txt: not .yaml, .yml or .json): every token gets the fallback answer until one is added\n',
  );
});

test("serve with no path serves the project's ./scenarios", async () => {
  dir.write('scenarios/team.yaml', ALICE.replace('alice', 'zoe'));
  const cli = await startCli(['--port', '0', '--no-watch'], { cwd: dir.path });
  await cli.stop();
  expect(cli.stdout().split('\n')[0]).toBe('auth-sim: loaded 1 file(s), 1 token(s) from scenarios');
});

test('the start hint names a token that is loaded', async () => {
  dir.write('team.yaml', ALICE.replace('alice', 'zoe'));
  const cli = await startCli(['-s', 'team.yaml', '--port', '0', '--no-watch'], { cwd: dir.path });
  await cli.stop();
  expect(cli.stdout()).toContain(`auth-sim: listening on ${cli.url}  (try: curl ${cli.url}/rest/chat/client/id/zoe)\n`);
});

test("in auth-sim's own checkout, ./scenarios is named as the shipped examples, not as missing", () => {
  const chosen = chooseScenarios(undefined, path.dirname(DEFAULT_SCENARIOS));
  expect(chosen).toEqual({
    paths: ['scenarios'],
    note: 'no path given: using ./scenarios, the shipped examples',
    shippedBecause: 'no path given, and ./scenarios is the shipped folder',
  });
});
