'use strict';
/**
 * Hot reload latency (issue 3): from the moment a scenario file write completes to the first
 * response that shows the change, polling the real server over one keep-alive connection.
 * Runs against the built dist/ (npm run build). Alone: `node bench/reload-latency.js [runs]`.
 */
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');

const PROBE = 'probe';
const PAUSE_BETWEEN_RUNS_MS = 150;

/** A scenario file of `tokens` entries: client cards, plus the probe whose errorText names the run. */
function scenarioText(tokens, run) {
  const lines = [
    'tokens:',
    `  ${PROBE}:`,
    '    status: 409',
    '    errorCode: RELOAD_PROBE',
    `    errorText: run-${run}`,
  ];
  for (let i = 1; i < tokens; i += 1) {
    const id = String(100000 + i);
    lines.push(
      `  tok-${String(i).padStart(5, '0')}:`,
      `    client: { id: "${id}", name: Ivanov Ivan ${id}, surname: Ivanov, firstname: Ivan, type: "${i % 2}", enabled: true }`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** GET the probe; resolves with the body text. */
function getProbe(url, agent) {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}/rest/chat/client/id/${PROBE}`, { agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve(body));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

function pause(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const round = (ms) => Math.round(ms * 10) / 10;

/** One write-to-visible sample: writes run `run`'s text, then polls until the probe shows it. */
async function sample(file, text, run, url, agent) {
  await fs.promises.writeFile(file, text);
  const written = performance.now();
  const expected = `"errorText":"run-${run}"`;
  for (;;) {
    const body = await getProbe(url, agent);
    if (body.includes(expected)) return performance.now() - written;
    if (performance.now() - written > 30_000)
      throw new Error(`run ${run}: the change never showed (last body ${body})`);
  }
}

/** Median and worst reload latency over `runs` edits of a file of `tokens` tokens. */
async function measureReloadLatency({ tokens, runs }) {
  const { runSimulator } = require('../dist/server/run-simulator');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-sim-reload-'));
  const file = path.join(dir, 'bench.yaml');
  fs.writeFileSync(file, scenarioText(tokens, 0));
  const sim = await runSimulator({ sources: { paths: [dir] }, port: 0 });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const samplesMs = [];
  try {
    for (let run = 1; run <= runs; run += 1) {
      const text = scenarioText(tokens, run);
      await pause(PAUSE_BETWEEN_RUNS_MS);
      samplesMs.push(round(await sample(file, text, run, sim.url, agent)));
    }
  } finally {
    agent.destroy();
    await sim.close(1000);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return { tokens, runs, medianMs: round(median(samplesMs)), worstMs: Math.max(...samplesMs), samplesMs };
}

module.exports = { measureReloadLatency };

if (require.main === module) {
  const runs = Number(process.argv[2] ?? 20);
  (async () => {
    for (const tokens of [10, 10_000]) {
      const r = await measureReloadLatency({ tokens, runs });
      console.log(
        `${String(r.tokens).padStart(6)} tokens, ${r.runs} runs: median ${r.medianMs} ms, worst ${r.worstMs} ms  [${r.samplesMs.join(', ')}]`,
      );
    }
  })().catch((error) => {
    console.error(error.code === 'MODULE_NOT_FOUND' ? `${error.message}\n(run npm run build first)` : error);
    process.exitCode = 1;
  });
}
