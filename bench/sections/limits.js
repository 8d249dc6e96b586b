'use strict';
/**
 * What hostile sizes cost: unknown-token throughput as the known tokens grow (the request log
 * looks for near misses on every unknown token), and how long the protocol path stalls while
 * `GET /__admin/requests` reads a full 100,000-entry journal.
 */
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { compareServers } = require('../compare');
const { startServerProcess } = require('../process');
const { runLoad } = require('../load');
const { seededRandom } = require('../../dist/synth/card-randomizer');
const { ROOT } = require('../servers');

const PREFIX = '/rest/chat/client/id/';
const KNOWN = (i) => `client-${String(i).padStart(6, '0')}-prod`;
const JOURNAL_SIZE = 100000;

/** A scenario file of `count` named tokens, each a bare 204. */
function writeTokens(dir, count) {
  const file = path.join(dir, `limits-${count}.yaml`);
  const lines = ['tokens:'];
  for (let i = 0; i < count; i++) lines.push(`  ${KNOWN(i)}: { status: 204, body: none }`);
  fs.writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

/** 10,000 distinct unknown tokens, each one typo away from a known one of the largest file (seeded). */
function unknownTokens(count = 10000, seed = 24) {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, n) => {
    const known = KNOWN((random() * 5000) | 0);
    const at = (random() * known.length) | 0;
    return `${known.slice(0, at)}x${known.slice(at + 1)}-${n}`;
  });
}

/** auth-sim as a user runs it: the default request log on (stdout is read by the bench). */
function authSimLogging(name, file, extraArgs) {
  return {
    name,
    args: [path.join(ROOT, 'bin/auth-sim.js'), 'serve', '--scenarios', file, ...extraArgs],
    probePath: PREFIX + KNOWN(0),
  };
}

async function unknownTokenThroughput(ctx) {
  const files = [8, 5000, 100000].map((n) => writeTokens(ctx.dir, n));
  const servers = await compareServers({
    specs: [
      authSimLogging('auth-sim, 8 tokens', files[0], ctx.authArgs),
      authSimLogging('auth-sim, 5,000 tokens', files[1], ctx.authArgs),
      authSimLogging('auth-sim, 100,000 tokens', files[2], ctx.authArgs),
    ],
    load: { method: 'GET', tokens: unknownTokens(), seed: 29 },
    ...ctx.runOptions,
  });
  const [eight, five, hundred] = servers;
  return { servers, ratios: { tokens5000: five.rps / eight.rps, tokens100000: hundred.rps / eight.rps } };
}

/** One GET on a keep-alive agent; resolves with its round trip in ms. */
function timedGet(agent, url) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(performance.now() - started));
      })
      .on('error', reject);
  });
}

/** Reads the whole body of a GET; resolves with its size in bytes. */
function readAll(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () => resolve(bytes));
      })
      .on('error', reject);
  });
}

/**
 * Fills a 100,000-entry journal with unknown tokens, then reads all of it while protocol GETs
 * go one after another on their own connection; the slowest of them is the stall.
 */
async function journalReadStall(ctx) {
  const file = writeTokens(ctx.dir, 5000);
  const handle = await startServerProcess(
    authSimLogging('auth-sim, 100,000-entry journal', file, [
      ...ctx.authArgs,
      '--quiet',
      '--journal-size',
      String(JOURNAL_SIZE),
    ]),
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    await runLoad({
      url: handle.url,
      method: 'GET',
      tokens: unknownTokens(),
      amount: JOURNAL_SIZE,
      connections: 20,
      seed: 31,
    });
    const probeUrl = `${handle.url}${PREFIX}${KNOWN(1)}`;
    // The first admin call loads Express (~80 ms, once per process): paid here, so the figure is the read's own.
    await readAll(`${handle.url}/__admin/health`);
    const probes = [];
    let reading = true;
    const started = performance.now();
    const read = readAll(`${handle.url}/__admin/requests`).then((bytes) => ((reading = false), bytes));
    while (reading) probes.push(await timedGet(agent, probeUrl));
    const bytes = await read;
    const readMs = performance.now() - started;
    // The same probes for as long again with no read going on: what the machine alone does to them.
    const quietProbes = [];
    for (const until = performance.now() + readMs; performance.now() < until;)
      quietProbes.push(await timedGet(agent, probeUrl));
    const p99 = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length * 0.99)];
    return {
      journalSize: JOURNAL_SIZE,
      readMs,
      readBytes: bytes,
      probes: probes.length,
      stallMs: Math.max(...probes),
      p99Ms: p99(probes),
      quietMaxMs: Math.max(...quietProbes),
      quietP99Ms: p99(quietProbes),
    };
  } finally {
    agent.destroy();
    await handle.stop();
  }
}

async function limitsSection(ctx) {
  const throughput = await unknownTokenThroughput(ctx);
  const stall = await journalReadStall(ctx);
  return { id: 'limits', title: 'GET of unknown tokens (request log on), by known tokens', ...throughput, stall };
}

module.exports = { limitsSection };
