import { chmodSync, existsSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startCli, type CliProcess } from '../helpers/spawn-cli';
import { getClient } from '../helpers/test-simulator';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

/** A file answering alice with 409 and an errorText naming the version. */
const version = (label: string) => `tokens:\n  alice: { status: 409, errorCode: V, errorText: ${label} }\n`;
const body = (label: string) => `{"errorCode":"V","errorText":"${label}"}`;

let tmp: TempDir;
let dir: string;
let cli: CliProcess | undefined;
beforeEach(() => {
  tmp = makeTempDir();
  dir = path.join(tmp.path, 'scenarios');
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'a.yaml'), version('one'));
});
afterEach(async () => {
  await cli?.stop();
  cli = undefined;
  if (existsSync(dir)) chmodSync(dir, 0o755);
  tmp.remove();
});

const start = async () => (cli = await startCli(['--scenarios', dir, '--port', '0'], { cwd: tmp.path }));
const answers = (label: string) =>
  waitFor(async () => (await getClient(cli!.url, 'alice')).text === body(label), { what: `alice to answer ${label}` });

/** After the change, a later edit is seen too: watching did not just happen to catch one event. */
async function expectStillWatching(): Promise<void> {
  writeFileSync(path.join(dir, 'a.yaml'), version('after'));
  await answers('after');
  expect(cli!.child.exitCode).toBeNull();
}

test('a directory removed and made again is picked up, and watched from then on', async () => {
  await start();
  rmSync(dir, { recursive: true });
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'a.yaml'), version('two'));
  await answers('two');
  await expectStillWatching();
});

test('a new copy moved in place of the directory is picked up, and watched from then on', async () => {
  await start();
  const copy = path.join(tmp.path, 'new');
  mkdirSync(copy);
  writeFileSync(path.join(copy, 'a.yaml'), version('two'));
  renameSync(dir, path.join(tmp.path, 'old'));
  renameSync(copy, dir);
  await answers('two');
  await expectStillWatching();
});

test('a directory made unreadable and readable again is still watched', async () => {
  await start();
  chmodSync(dir, 0o000);
  chmodSync(dir, 0o755);
  await expectStillWatching();
});

test('while the directory is gone, the log says watching stopped and why; when it is back, it says so and reloads', async () => {
  await start();
  rmSync(dir, { recursive: true });
  await waitFor(
    () =>
      cli!
        .stderr()
        .includes(
          `auth-sim: watching stopped: scenarios was removed or renamed; still serving the last good set, and watching resumes when it is back (SIGHUP reloads by hand)`,
        ),
    { what: 'the watching-stopped line' },
  );
  expect((await getClient(cli!.url, 'alice')).text).toBe(body('one'));
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'a.yaml'), version('two'));
  await answers('two');
  await waitFor(() => cli!.stdout().includes(`auth-sim: watching scenarios again`), {
    what: 'the watching-again line',
  });
  await expectStillWatching();
});

test('directory symlink loops in the tree are not expanded: the server starts, serves and reloads', async () => {
  mkdirSync(path.join(dir, 'sub'));
  symlinkSync('..', path.join(dir, 'sub', 'loop'));
  symlinkSync('.', path.join(dir, 'dot'));
  await start();
  expect((await getClient(cli!.url, 'alice')).text).toBe(body('one'));
  await expectStillWatching();
});

test('symlink loops added while serving leave it answering and reloading', async () => {
  await start();
  mkdirSync(path.join(dir, 'sub'));
  symlinkSync('..', path.join(dir, 'sub', 'loop'));
  symlinkSync('.', path.join(dir, 'dot'));
  writeFileSync(path.join(dir, 'a.yaml'), version('two'));
  await answers('two');
  await expectStillWatching();
});
