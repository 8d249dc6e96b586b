import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { startCli, type CliProcess } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { getClient } from '../helpers/test-simulator';
import { waitFor } from '../helpers/wait-for';

function version(label: string, extra = ''): string {
  return `tokens:\n  alice:\n    status: 409\n    errorCode: VERSION\n    errorText: ${label}\n${extra}`;
}

const BOB = '  bob: { status: 401, errorCode: NO, errorText: no }\n';

let dir: TempDir;
let cli: CliProcess | undefined;
beforeEach(() => {
  dir = makeTempDir();
  dir.write('s/a.yaml', version('one'));
});
afterEach(async () => {
  if (cli && cli.child.exitCode === null) await cli.stop();
  cli = undefined;
  dir.remove();
});

test('a save prints one line: the trigger, files, tokens, what changed and how long', async () => {
  cli = await startCli(['--scenarios', path.join(dir.path, 's'), '--port', '0']);
  expect(cli.stdout()).toContain('watching the scenario files');
  writeFileSync(path.join(dir.path, 's/a.yaml'), version('two', BOB));
  const line = await waitFor(
    () =>
      cli!
        .stdout()
        .split('\n')
        .find((l) => l.includes('reload (')),
    { what: 'the reload line' },
  );
  expect(line).toMatch(
    /^auth-sim: reload \(\S*a\.yaml\): 1 file, 2 tokens; added 1, removed 0, changed 1 \(\+bob ~alice\); \d+(\.\d)? ms$/,
  );
});

test('a huge token name is cut short in the reload line, its length said', async () => {
  cli = await startCli(['--scenarios', path.join(dir.path, 's'), '--port', '0']);
  const huge = 'k'.repeat(1_000_000);
  writeFileSync(path.join(dir.path, 's/a.yaml'), version('one', `  ${huge}: { status: 204, body: none }\n`));
  const line = await waitFor(
    () =>
      cli!
        .stdout()
        .split('\n')
        .find((l) => l.includes('reload (')),
    { what: 'the reload line' },
  );
  expect(line).toMatch(
    /^auth-sim: reload \(\S*a\.yaml\): 1 file, 2 tokens; added 1, removed 0, changed 0 \(\+k{40}\.\.\.\(1,000,000 characters\)\); \d+(\.\d)? ms$/,
  );
});

test('a broken save prints each problem as file:line:column and says the last good set still serves', async () => {
  cli = await startCli(['--scenarios', path.join(dir.path, 's'), '--port', '0']);
  writeFileSync(path.join(dir.path, 's/a.yaml'), 'tokens:\n  alice:\n    errorTxt: typo\n');
  const err = await waitFor(() => (cli!.stderr().includes('still serving') ? cli!.stderr() : undefined), {
    what: 'the failure lines',
  });
  const lines = err.trim().split('\n');
  expect(lines[0]).toMatch(/^auth-sim: \S*a\.yaml:3:5 tokens\.alice\.errorTxt is not /);
  expect(lines[1]).toMatch(
    /^auth-sim: reload \(\S*a\.yaml\) failed with 1 problem; still serving the last good set \(loaded at \d{4}-\d\d-\d\dT[\d:.]+Z, 1 token\)$/,
  );
  expect((await getClient(cli.url, 'alice')).text).toContain('"errorText":"one"');
});

test('--no-watch freezes the set until SIGHUP reloads it', async () => {
  cli = await startCli(['--scenarios', path.join(dir.path, 's'), '--port', '0', '--no-watch']);
  expect(cli.stdout()).toContain('not watching the scenario files (--no-watch)');
  writeFileSync(path.join(dir.path, 's/a.yaml'), version('two'));
  // A reload that is never started cannot be waited for; a SIGHUP round trip shows the order.
  expect((await getClient(cli.url, 'alice')).text).toContain('"errorText":"one"');
  cli.child.kill('SIGHUP');
  const line = await waitFor(
    () =>
      cli!
        .stdout()
        .split('\n')
        .find((l) => l.includes('reload (SIGHUP)')),
    { what: 'the SIGHUP reload line' },
  );
  expect(line).toMatch(/changed 1 \(~alice\)/);
  expect((await getClient(cli.url, 'alice')).text).toContain('"errorText":"two"');
  expect(cli.stdout().match(/reload \(/g)).toHaveLength(1);
});
