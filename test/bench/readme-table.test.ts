import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';

// The README's Performance table is pasted from this script's output for one bench run.
const SCRIPT = path.resolve(__dirname, '..', '..', 'bench', 'readme-table.js');

let dir: TempDir;
beforeEach(() => (dir = makeTempDir('auth-sim-readme-table-')));
afterEach(() => dir.remove());

function run(...args: string[]) {
  const out = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8', cwd: dir.path });
  return { status: out.status, stdout: out.stdout, stderr: out.stderr };
}

const target = (name: string, status: string, extra: Record<string, string> = {}) => ({
  name,
  goal: '>= 0.85x',
  shown: '0.88x',
  shownRounds: '0.86, 0.88, 0.91x',
  shownCounted: '',
  status,
  ...extra,
});

test('prints the run, its machine load and every measured line with median, rounds, callgrind and status', () => {
  const file = dir.write(
    'run.json',
    JSON.stringify({
      command: 'npm run bench -- --only request-log,tls,startup,redis',
      date: '2026-11-28T05:20:00.000Z',
      machine: {
        cpu: 'Xeon',
        cores: 2,
        node: 'v20.20.2',
        loadAverage: [0.5, 0.4, 0.3],
        loadAverageAtEnd: [1.9, 1.2, 0.7],
      },
      targets: [
        target('defaults / bare node:http: throughput', 'met'),
        target('HTTPS | bare', 'met by callgrind: rounds straddle', { shownCounted: '0.90x' }),
        target('peak RSS', 'missed', { shownRounds: '', goal: '<= 1.5x', shown: '1.61x' }),
        target('hot reload', 'not measured'),
      ],
    }),
  );
  expect(run(file)).toEqual({
    status: 0,
    stderr: '',
    stdout: [
      '`npm run bench -- --only request-log,tls,startup,redis` ([how](bench/README.md), [report](' +
        path.relative(path.resolve(__dirname, '..', '..'), path.join(dir.path, 'run.md')) +
        ')), 2026-11-28: Xeon, 2 cores, Node v20.20.2; load average at start 0.5 / 0.4 / 0.3, at end 1.9 / 1.2 / 0.7.',
      '',
      '| line | target | median | rounds | callgrind | status |',
      '|---|---|---|---|---|---|',
      '| defaults / bare node:http: throughput | >= 0.85x | 0.88x | 0.86, 0.88, 0.91x | - | met |',
      '| HTTPS \\| bare | >= 0.85x | 0.88x | 0.86, 0.88, 0.91x | 0.90x | met by callgrind: rounds straddle |',
      '| peak RSS | <= 1.5x | 1.61x | - | - | missed |',
      '',
    ].join('\n'),
  });
});

test.each([
  { args: [], stderr: 'usage: node bench/readme-table.js bench/results/<name>.json\n' },
  { args: ['missing.json'], stderr: /^readme-table: cannot read missing\.json: ENOENT/ },
  { args: ['other.json'], stderr: "readme-table: other.json has no targets; is it a bench run's .json?\n" },
])('exits 2 for $args', ({ args, stderr }) => {
  dir.write('other.json', '{"command": "x"}');
  const out = run(...args);
  expect(out.status).toBe(2);
  expect(out.stdout).toBe('');
  if (typeof stderr === 'string') expect(out.stderr).toBe(stderr);
  else expect(out.stderr).toMatch(stderr);
});
