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

test("validate takes serve's --protocol and --modules and warns as serve would", () => {
  const dir = makeTempDir();
  dir.write(
    'corp.yaml',
    [
      'tokens:',
      '  corp:',
      '    client: { id: "1", name: Ivanov I., surname: Ivanov, firstname: Ivan, type: "1", enabled: true, actionList: [ { name: CRM, type: 0, value: "https://crm/1" } ] }',
      '    companyList:',
      '      - { id: "7", name: Horns and Hooves }',
      '',
    ].join('\n'),
  );
  const plain = runCli(['validate', 'corp.yaml'], { cwd: dir.path });
  const asServed = runCli(['validate', '--protocol', '1.3', '--modules', 'retail', 'corp.yaml'], { cwd: dir.path });
  const wrongModule = runCli(['validate', '--modules', 'retial', 'corp.yaml'], { cwd: dir.path });
  dir.remove();
  expect([plain.status, plain.stderr]).toEqual([0, '']);
  expect(asServed.status).toBe(0);
  expect(asServed.stderr.split('\n').filter(Boolean)).toEqual([
    'auth-sim: corp.yaml:3:5 warning: tokens.corp.client is served as protocol 1.3, which leaves out actionList (since 1.4)',
    'auth-sim: corp.yaml:4:5 warning: tokens.corp.companyList is left out: it is served only with the auth-b-api or corporate module, and the installed modules are: retail',
  ]);
  expect(wrongModule.status).toBe(1);
  expect(wrongModule.stderr).toContain(
    '"retial" is not a module (auth-c-api, auth-b-api, corporate, retail, or none); did you mean "retail"?',
  );
});
