'use strict';
/**
 * Shows what keeping one nextTick queue entry alive is worth (src/server/keep-tick-shape.ts):
 * the baseline with and without it (--no-keep-tick), and auth-sim, each started with a few full
 * collections run while nothing is queued (bench/tick-shape-probe.js), then GET over the 1,000
 * hand-written tokens, interleaved. Prints each server's req/s, CPU per request, ratio to the
 * baseline that keeps its entry, and the cost of one nextTick call after the runs.
 *
 *   node bench/tick-shape-check.js [--rounds 6] [--seconds 3]
 *
 * Not part of `npm run bench`: it measures a V8 detail, not a target.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { compareServers, median } = require('./compare');
const servers = require('./servers');
const { writeFixtures } = require('./fixtures');
const { handTokens } = require('./sections/throughput');

const PROBE = ['--expose-gc', '-r', path.join(__dirname, 'tick-shape-probe.js')];

function arg(name, fallback) {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
}

/** A server spec with the probe preloaded (extra arguments after the script's own). */
function probed(spec, extra = []) {
  return { ...spec, args: [...PROBE, ...spec.args, ...extra] };
}

async function askTickCost(handles) {
  const costs = [];
  for (const handle of handles) {
    process.kill(handle.pid, 'SIGUSR2');
    let match = null;
    for (let i = 0; i < 100 && !match; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      match = /nextTick (\d+) ns\s*$/.exec(handle.output());
    }
    costs.push(match ? Number(match[1]) : NaN);
  }
  return costs;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-sim-tick-'));
  try {
    const fixtures = writeFixtures(dir, { synthCounts: [] });
    const base = servers.baselineFromYaml('baseline, keeps an entry', fixtures.hand);
    const specs = [
      probed(base),
      probed({ ...base, name: 'baseline, --no-keep-tick' }, ['--no-keep-tick']),
      probed(servers.authSim('auth-sim', [fixtures.hand])),
    ];
    let costs = [];
    const results = await compareServers({
      specs,
      load: { method: 'GET', tokens: handTokens(), seed: 7 },
      rounds: arg('--rounds', 6),
      seconds: arg('--seconds', 3),
      quiet: { maxMs: 8000 },
      alternate: true,
      afterRuns: async (handles) => (costs = await askTickCost(handles)),
    });
    const ref = results[0];
    console.log(`Node ${process.version}, ${os.cpus().length} x ${os.cpus()[0].model}`);
    console.log('server                      req/s   CPU µs/req  req/s ratio (rounds)                 nextTick');
    results.forEach((r, i) => {
      const rounds = r.runs.map((run, k) => run.rps / ref.runs[k].rps);
      console.log(
        `${r.name.padEnd(26)} ${String(Math.round(r.rps)).padStart(6)} ${r.cpuUs.toFixed(1).padStart(11)}  ${median(rounds).toFixed(2)} (${rounds.map((x) => x.toFixed(2)).join(' ')})`.padEnd(86) +
          ` ${(costs[i] / 1000).toFixed(2)} µs`,
      );
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
