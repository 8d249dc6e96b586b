import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_SCENARIOS } from '../../src/cli/default-scenarios';
import { buildProgram } from '../../src/cli/main';
import { runCli, startCli } from '../helpers/spawn-cli';
import { makeTempDir } from '../helpers/temp-dir';

const version = (
  JSON.parse(readFileSync(path.resolve(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }
).version;
const serveCommand = buildProgram().commands.find((c) => c.name() === 'serve')!;

test('auth-sim --help shows every serve option (the default command), then the commands, then an example', () => {
  const { status, stdout } = runCli(['--help']);
  expect(status).toBe(0);
  expect(stdout.startsWith('Usage: auth-sim [serve] [options]\n       auth-sim <command> [options]\n')).toBe(true);
  for (const option of serveCommand.options) expect(stdout).toContain(option.flags);
  expect(stdout).toContain('  -V, --version                  print the version\n');
  const at = (text: string) => stdout.indexOf(text);
  expect(at('-s, --scenarios <path>')).toBeLessThan(at('\nCommands:\n'));
  for (const command of ['serve [options]', 'validate [options] [paths...]', 'schema', 'fields', 'generate [options]'])
    expect(at(`\n  ${command} `)).toBeGreaterThan(at('\nCommands:\n'));
  expect(stdout).toContain(
    '\nExample:\n  $ npx auth-sim --scenarios ./scenarios --port 8080\n  $ curl http://127.0.0.1:8080/rest/chat/client/id/alice\n',
  );
});

test("the README's command-line section names every serve option", () => {
  const readme = readFileSync(path.resolve(__dirname, '..', '..', 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('\n## Command line\n'));
  for (const option of serveCommand.options) expect(section).toContain(option.long!);
});

test.each(['--version', '-V'])('auth-sim %s prints the version', (flag) => {
  expect(runCli([flag])).toEqual({ status: 0, stdout: `${version}\n`, stderr: '' });
});

test('the first screen on the shipped examples says what is served and where, and counts their warnings in one line', async () => {
  // A user's folder with no ./scenarios (this checkout has one: the shipped folder itself).
  const fresh = makeTempDir();
  const warnings = runCli(['validate'], { cwd: fresh.path }).stderr.match(/ warning: /g)?.length ?? 0;
  expect(warnings).toBeGreaterThan(0);
  const cli = await startCli(['--port', '0'], { cwd: fresh.path });
  try {
    const lines = cli.stdout().split('\n');
    expect(cli.stderr()).toBe('');
    expect(lines[0]).toMatch(
      new RegExp(
        `^auth-sim: loaded \\d+ file\\(s\\), \\d+ token\\(s\\) from ${DEFAULT_SCENARIOS.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} \\(the shipped examples: no path given and no \\./scenarios here\\)$`,
      ),
    );
    expect(lines[1]).toBe(
      `auth-sim: the shipped examples demonstrate ${warnings} warnings on purpose; see them with: npx auth-sim validate`,
    );
    expect(lines.find((l) => l.includes('listening on'))).toBe(
      `auth-sim: listening on ${cli.url}  (try: curl ${cli.url}/rest/chat/client/id/alice)`,
    );
  } finally {
    await cli.stop();
    fresh.remove();
  }
});

test("the same files named with --scenarios are the user's choice: every warning is printed", async () => {
  const cli = await startCli(['--port', '0', '--scenarios', DEFAULT_SCENARIOS]);
  try {
    const warningLines = runCli(['validate'])
      .stderr.split('\n')
      .filter((l) => l.includes(' warning: '));
    expect(warningLines.length).toBeGreaterThan(0);
    expect(
      cli
        .stderr()
        .split('\n')
        .filter((l) => l.includes(' warning: ')),
    ).toEqual(warningLines);
    expect(cli.stderr()).toMatch(
      /^auth-sim: scenarios\/every-field\.yaml:\d+:7 warning: tokens\.full\.client\.crmURL is deprecated; use actionList instead \(it is still served\)$/m,
    );
    expect(cli.stdout()).not.toContain('demonstrate');
  } finally {
    await cli.stop();
  }
});
