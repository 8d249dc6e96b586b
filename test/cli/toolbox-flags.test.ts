import { getClient } from '../helpers/test-simulator';
import { waitFor } from '../helpers/wait-for';
import { runCli, startCli } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';

const SCENARIO = `
tokens:
  corp:
    client: { id: "1", name: N, surname: S, firstname: F, type: "1", enabled: true, shortName: Sh, secretWord: w }
    companyList: [{ id: 7, name: Horns and Hooves }]
  coin:
    fault: no-card
    chance: 0.5
    client: { id: "2", name: N, surname: S, firstname: F, type: "0", enabled: true }
`;

let dir: TempDir;
beforeAll(() => {
  dir = makeTempDir();
  dir.write('toolbox.yaml', SCENARIO);
});
afterAll(() => dir.remove());

test('--protocol, --wire, --modules, --delay and --seed shape every answer, and the seed is printed', async () => {
  const args = [
    '--scenarios',
    dir.path,
    '--port',
    '0',
    '--no-watch',
    '--seed',
    '42',
    '--protocol',
    '1.1',
    '--wire',
    'typed',
    '--modules',
    'retail,auth-c-api',
    '--delay',
    '60ms',
  ];
  const cli = await startCli(args);
  try {
    expect(cli.stdout()).toContain("seed 42 (replay this run's chance and random delays with --seed 42)");
    // stderr is its own pipe: it may arrive after the "listening on" line.
    await waitFor(() => cli.stderr().includes('secretWord (since 1.2)'), { what: 'the load warnings' });
    expect(cli.stderr()).toContain(
      'warning: tokens.corp.companyList is left out: it is served only with the auth-b-api or corporate module, and the installed modules are: retail, auth-c-api',
    );
    expect(cli.stderr()).toContain(
      'warning: tokens.corp.client is served as protocol 1.1, which leaves out secretWord (since 1.2)',
    );
    const started = Date.now();
    const res = await getClient(cli.url, 'corp');
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    expect(JSON.parse(res.text)).toEqual({
      client: { id: '1', name: 'N', surname: 'S', firstname: 'F', type: '1', enabled: true, shortName: 'Sh' },
    });
  } finally {
    await cli.stop();
  }
});

test('without --seed a random seed is printed, and passing it back replays the run', async () => {
  const run = async (args: string[]) => {
    const cli = await startCli(['--scenarios', dir.path, '--port', '0', '--no-watch', ...args]);
    try {
      const outcomes: number[] = [];
      for (let i = 0; i < 24; i++) outcomes.push((await getClient(cli.url, 'coin')).text.length);
      return { seed: /seed (\d+) /.exec(cli.stdout())?.[1], outcomes };
    } finally {
      await cli.stop();
    }
  };
  const first = await run([]);
  expect(first.seed).toMatch(/^\d+$/);
  expect((await run(['--seed', first.seed!])).outcomes).toEqual(first.outcomes);
});

test('--modules none makes every request get the API-unavailable answer', async () => {
  const cli = await startCli(['--scenarios', dir.path, '--port', '0', '--no-watch', '--modules', 'none']);
  try {
    await waitFor(() => cli.stderr().includes('no module installed'), { what: 'the no-module warning' });
    expect(cli.stderr()).toContain(
      'no module installed (--modules none): every request gets 503, the API-unavailable answer',
    );
    const res = await getClient(cli.url, 'corp');
    expect(res.status).toBe(503);
    expect(JSON.parse(res.text).errorCode).toBe('API_UNAVAILABLE');
  } finally {
    await cli.stop();
  }
});

test.each([
  [
    ['--modules', 'retal'],
    `"retal" is not a module (auth-c-api, auth-b-api, corporate, retail, or none); did you mean "retail"?`,
  ],
  [['--delay', '{ uniform: [2s, 1s] }'], `write a duration ("250ms", "2s") or a shape`],
  [['--seed', 'abc'], 'the seed must be a whole number from 0 to 4294967295'],
  [['--protocol', '2.0'], `Allowed choices are 1.0, 1.1, 1.2, 1.3, 1.4`],
  [['--wire', 'json'], `Allowed choices are strings, typed`],
])('%j is refused with exit 1 and a reason', (flags, message) => {
  const result = runCli(['--scenarios', dir.path, '--port', '0', ...flags]);
  expect(result.status).toBe(1);
  expect(result.stderr).toContain(message);
});
