'use strict';
/** The load generator: autocannon in this process, a random token per request from a precomputed list. */
const autocannon = require('autocannon');

const PREFIX = '/rest/chat/client/id/';

/** A cheap seeded PRNG (mulberry32): the same seed picks the same tokens in every run. */
function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One autocannon request whose token is drawn per request: GET in the path, POST in the header. */
function randomTokenRequest(method, tokens, seed) {
  const random = seededRandom(seed);
  const paths = method === 'GET' ? tokens.map((t) => PREFIX + encodeURIComponent(t)) : null;
  const n = tokens.length;
  return {
    method,
    setupRequest(req) {
      const i = (random() * n) | 0;
      if (paths) req.path = paths[i];
      else {
        req.path = PREFIX;
        req.headers.token = tokens[i];
      }
      return req;
    },
  };
}

/**
 * Runs autocannon against `url` for `seconds` with `connections`, each request a random token of
 * `tokens`. Returns requests/s, latency percentiles (ms), status counts and the CPU this
 * process (the generator) used, so a report can show the generator was not the limit.
 */
async function runLoad({ url, method = 'GET', tokens, seconds, connections = 50, seed = 1 }) {
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const result = await autocannon({
    url,
    connections,
    pipelining: 1,
    duration: seconds,
    requests: [randomTokenRequest(method, tokens, seed)],
  });
  const wall = (performance.now() - wallBefore) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    errors: result.errors + result.timeouts,
    statuses: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count])),
    generatorCpu: (cpu.user + cpu.system) / 1e6 / wall,
  };
}

module.exports = { runLoad, seededRandom };
