import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { INSTALL_ARGS, TARBALL, installedProject, runCommand, userEnv } from '../helpers/installed-package';
import { startCli, type CliProcess } from '../helpers/spawn-cli';

// What a user types after installing the packed tarball in a project of their own, as the README
// and docs/hybrid-and-outage.md say: the install command itself, `npx auth-sim validate` on the
// project's ./scenarios, the start command on the shipped examples, and hybrid mode in front of a
// second auth-sim that plays the real service. Every command runs the installed copy.
const root = path.resolve(__dirname, '..', '..');
const SCRIPTED =
  'tokens:\n  scripted:\n    client: { id: "1", name: Scripted One, surname: Scripted, firstname: One, type: "1", enabled: true }\n';
const REAL =
  'tokens:\n  crm-only:\n    client: { id: "77", name: Real Person, surname: Real, firstname: Person, type: "0", enabled: true }\n';

// Each test runs npx or starts node processes: seconds on an idle machine, far more on a busy one.
jest.setTimeout(120_000);

let project: string;
let bin: string;
/** A folder of the project to run commands in (npx finds the project's bin from a sub-folder too). */
function folder(name: string, files: Record<string, string> = {}): string {
  const dir = path.join(project, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  mkdirSync(dir, { recursive: true });
  return dir;
}

beforeAll(async () => {
  project = await installedProject();
  bin = path.join(project, 'node_modules', '.bin', 'auth-sim');
}, 240_000);

test('the install command the docs give is the one that installed the tarball, and it records a devDependency', () => {
  const docs = readFileSync(path.join(root, 'docs', 'hybrid-and-outage.md'), 'utf8');
  expect(docs).toContain(`\nnpm ${INSTALL_ARGS.join(' ')}  `);
  expect(readFileSync(path.join(root, 'README.md'), 'utf8')).toContain(
    `\`npm install --save-dev <git URL or ${TARBALL}>\``,
  );
  const manifest = JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8')) as unknown;
  expect(manifest).toEqual({
    name: 'user-project',
    private: true,
    devDependencies: { 'auth-sim': `file:${TARBALL}` },
  });
});

test("npx auth-sim validate checks the project's ./scenarios and reports a broken file with its place", async () => {
  const cwd = folder('validate', { 'scenarios/own.yaml': SCRIPTED });
  const valid = await runCommand('npx', ['auth-sim', 'validate'], cwd);
  expect(valid.output).toBe('auth-sim: no path given: using ./scenarios\nauth-sim: 1 file(s), 1 token(s): valid\n');
  expect(valid.status).toBe(0);
  writeFileSync(path.join(cwd, 'scenarios', 'broken.yaml'), 'tokens:\n  b:\n    status: 99\n');
  const broken = await runCommand('npx', ['auth-sim', 'validate'], cwd);
  expect(broken.output).toBe(
    'auth-sim: no path given: using ./scenarios\n' +
      'auth-sim: scenarios/broken.yaml:3:13 tokens.b.status must be an HTTP status from 200 to 599 (1xx are interim: the client would wait for an answer that never comes); got 99\n' +
      'auth-sim: 1 error(s) in 2 file(s)\n',
  );
  expect(broken.status).toBe(1);
});

test("the README's start command, npx auth-sim, serves the shipped examples and answers its curl GET and POST", async () => {
  const cli = await startCli(['-p', '0'], {
    command: ['npx', 'auth-sim'],
    cwd: folder('start'),
    env: userEnv(),
    timeoutMs: 60_000,
  });
  try {
    const shipped = path.join(project, 'node_modules', 'auth-sim', 'scenarios');
    expect(cli.stdout()).toMatch(
      new RegExp(
        `^auth-sim: loaded 10 file\\(s\\), \\d+ token\\(s\\) from ${shipped} \\(the shipped examples: no path given and no \\./scenarios here\\)\n`,
      ),
    );
    const alice = await fetch(`${cli.url}/rest/chat/client/id/alice`);
    expect(alice.status).toBe(200);
    expect(await alice.json()).toEqual({
      client: {
        id: '100500',
        name: 'Ivanova Alisa Petrovna',
        surname: 'Ivanova',
        firstname: 'Alisa',
        patronymic: 'Petrovna',
        type: '0',
        enabled: 'true',
        birthDate: '1990-05-12',
        contacts: { phone: '+79161234567', email: 'alisa.ivanova@example.ru' },
      },
    });
    const expired = await fetch(`${cli.url}/rest/chat/client/id/`, { method: 'POST', headers: { token: 'expired' } });
    expect(expired.status).toBe(401);
    expect(await expired.text()).toBe('{"errorCode":"TOKEN_EXPIRED","errorText":"token expired"}');
  } finally {
    await cli.stop();
  }
});

describe('hybrid mode: serve --proxy in front of a second auth-sim playing the real service', () => {
  let real: CliProcess;
  let hybrid: CliProcess;
  const journal = async (sim: CliProcess) =>
    ((await (await fetch(`${sim.url}/__admin/requests`)).json()) as { requests: Record<string, unknown>[] }).requests;

  beforeAll(async () => {
    const cwd = folder('hybrid', { 'real.yaml': REAL, 'scripted.yaml': SCRIPTED });
    const command = [bin];
    real = await startCli(['-s', 'real.yaml', '-p', '0', '--no-watch'], {
      command,
      cwd,
      env: userEnv(),
      timeoutMs: 60_000,
    });
    hybrid = await startCli(['-s', 'scripted.yaml', '-p', '0', '--no-watch', '--proxy', real.url], {
      command,
      cwd,
      env: userEnv(),
      timeoutMs: 60_000,
    });
  }, 120_000);
  afterAll(async () => {
    await hybrid?.stop();
    await real?.stop();
  });

  test('a token no entry names is passed to the real service and its answer comes back unchanged', async () => {
    const direct = await fetch(`${real.url}/rest/chat/client/id/crm-only`);
    const proxied = await fetch(`${hybrid.url}/rest/chat/client/id/crm-only`);
    expect(proxied.status).toBe(200);
    expect(await proxied.text()).toBe(await direct.text());
    expect((await journal(real)).map((r) => [r.token, r.matched])).toEqual([
      ['crm-only', 'token'],
      ['crm-only', 'token'],
    ]);
    expect((await journal(hybrid)).map((r) => [r.token, r.matched, r.entry])).toEqual([
      ['crm-only', 'proxied', `(proxy) ${real.url}`],
    ]);
  });

  test('a scripted token is answered by the simulator and never reaches the real service', async () => {
    await fetch(`${real.url}/__admin/requests`, { method: 'DELETE' });
    const scripted = await fetch(`${hybrid.url}/rest/chat/client/id/scripted`);
    expect(scripted.status).toBe(200);
    expect(await scripted.json()).toEqual({
      client: { id: '1', name: 'Scripted One', surname: 'Scripted', firstname: 'One', type: '1', enabled: 'true' },
    });
    expect((await journal(hybrid))[0]).toMatchObject({ token: 'scripted', matched: 'token', entry: 'scripted.yaml:2' });
    expect(await journal(real)).toEqual([]);
  });
});
