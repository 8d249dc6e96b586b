import path from 'node:path';

// The bench's judge is plain JavaScript (bench/ runs without a build); its rule is issue 48's.
interface Target {
  name: string;
  figure: number | null;
  shown: string;
  shownRounds: string;
  shownCounted: string;
  status: string;
}
const { evaluateTargets } = require(path.join(__dirname, '..', '..', 'bench', 'targets')) as {
  evaluateTargets: (results: unknown) => Target[];
};

const DEFAULTS_TO_BARE =
  'defaults (request log to a file, journal, caller report, metrics) / bare node:http: throughput';

/** One server's row as bench/compare.js gives it: only what the judge reads. */
function row(rps: number[], { p99 = 1, peakRss = 100 }: { p99?: number; peakRss?: number } = {}) {
  return { rps: 0, peakRss, runs: rps.map((r) => ({ rps: r, p99, cpuUs: 1e6 / r })) };
}

/** A run of the request-log section alone: bare node:http at 10,000 req/s a round, defaults at `ratios` of it. */
function requestLogRun(ratios: number[], instructions?: { defaults: number; baseline: number }) {
  const base = row(ratios.map(() => 10000));
  const defaults = row(ratios.map((x) => 10000 * x));
  return {
    sections: [
      {
        id: 'request-log',
        servers: [base, defaults, row(ratios.map(() => 10000))],
        instructions: instructions && { ...instructions, counts: { defaults: [1, 2, 3], baseline: [1, 2, 3] } },
      },
    ],
    startup: [],
  };
}

function line(results: unknown, name: string): Target {
  const found = evaluateTargets(results).find((t) => t.name === name);
  if (!found) throw new Error(`no target named ${name}`);
  return found;
}

test.each([
  // The retired reading: 0.67x against a 0.85x line counted as "met, within ±0.2".
  { rounds: [0.67, 0.7, 0.72], instr: undefined, status: 'missed', shown: '0.70x' },
  { rounds: [0.86, 0.9, 0.88], instr: undefined, status: 'met', shown: '0.88x' },
  // Rounds on both sides of the line: callgrind's count for the same comparison decides.
  { rounds: [0.8, 0.86, 0.9], instr: 1.1, status: 'met by callgrind: rounds straddle', shown: '0.86x' },
  { rounds: [0.8, 0.86, 0.9], instr: 1.3, status: 'missed by callgrind: rounds straddle', shown: '0.86x' },
  // Straddling rounds with no count: the median decides.
  { rounds: [0.8, 0.84, 0.9], instr: undefined, status: 'missed', shown: '0.84x' },
  // A clear median is never outvoted by the count.
  { rounds: [0.7, 0.72, 0.75], instr: 1.1, status: 'missed', shown: '0.72x' },
  { rounds: [0.9, 0.95, 0.92], instr: 1.5, status: 'met', shown: '0.92x' },
  { rounds: [0.9, 0.95], instr: undefined, status: 'not judged: 2 rounds', shown: '0.93x' },
])('defaults / bare at rounds $rounds, instructions $instr x bare: $status', ({ rounds, instr, status, shown }) => {
  const instructions = instr === undefined ? undefined : { defaults: 100000 * instr, baseline: 100000 };
  const target = line(requestLogRun(rounds, instructions), DEFAULTS_TO_BARE);
  expect({ status: target.status, shown: target.shown, shownRounds: target.shownRounds }).toEqual({
    status,
    shown,
    shownRounds: `${rounds.map((r) => r.toFixed(2)).join(', ')}x`,
  });
});

test('a memory line is judged on its figure, however close to the line', () => {
  const run = requestLogRun([0.9, 0.9, 0.9]);
  run.sections[0].servers[1].peakRss = 151;
  const target = line(
    run,
    'defaults (request log to a file, journal, caller report, metrics) / bare node:http: peak RSS',
  );
  expect([target.shown, target.status]).toEqual(['1.51x', 'missed']);
});

test('the callgrind line compares instructions per request with the bare server, the medians of the runs', () => {
  const target = line(
    requestLogRun([0.9, 0.9, 0.9], { defaults: 124000, baseline: 100000 }),
    'defaults (request log to a file, journal, caller report, metrics) / bare node:http: instructions per request (callgrind)',
  );
  expect([target.shown, target.status]).toEqual(['1.24x', 'met']);
});

test('a section that did not run leaves its lines not measured', () => {
  const target = line(
    { sections: [], startup: [] },
    'HTTPS: throughput auth-sim / bare node:https (same certificate and bytes)',
  );
  expect([target.shown, target.status]).toEqual(['-', 'not measured']);
});
