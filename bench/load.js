'use strict';
/** The load generator: autocannon in this process, a random token per request (seeded) from a list. */
const autocannon = require('autocannon');
// auth-sim's own seeded generator (mulberry32), from the build the bench measures.
const { seededRandom } = require('../dist/synth/card-randomizer');

const PREFIX = '/rest/chat/client/id/';

/**
 * A function giving the raw bytes of the next request, its token drawn at random. Small token
 * lists get their requests prebuilt; large ones (a 1M population) are built per request.
 */
function randomRequestBytes({ method, tokens, seed, host }) {
  const random = seededRandom(seed);
  const head =
    method === 'GET'
      ? `GET ${PREFIX}`
      : `POST ${PREFIX} HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\ntoken: `;
  const tail = method === 'GET' ? ` HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\n\r\n` : '\r\n\r\n';
  const text = (token) => head + (method === 'GET' ? encodeURIComponent(token) : token) + tail;
  const n = tokens.length;
  if (n <= 100000) {
    const prebuilt = tokens.map((t) => Buffer.from(text(t)));
    return () => prebuilt[(random() * n) | 0];
  }
  return () => Buffer.from(text(tokens[(random() * n) | 0]));
}

/**
 * Runs autocannon against `url` for `seconds` (or for `amount` requests) with `connections`, each
 * request a random token of `tokens`. Returns requests/s, latency percentiles (ms), status counts
 * and the CPU this process (the generator) used, so a report can show the generator was not the
 * limit.
 */
async function runLoad({ url, method = 'GET', tokens, seconds, amount, connections = 50, seed = 1 }) {
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const nextRequest = randomRequestBytes({ method, tokens, seed, host: new URL(url).host });
  const result = await autocannon({
    url,
    connections,
    pipelining: 1,
    ...(amount === undefined ? { duration: seconds } : { amount }),
    // autocannon's own per-request hook (`setupRequest`) rebuilds each request through object
    // merges and string joins, ~2x its cost per request with a fixed URL: enough to make the
    // generator, not the server, the limit on a 2-core machine. Each client instead takes the
    // next request's bytes from us (pinned autocannon 9.0.0: a client writes getRequestBuffer()).
    setupClient(client) {
      client.getRequestBuffer = nextRequest;
    },
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

module.exports = { runLoad };
