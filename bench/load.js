'use strict';
/** The load generator: wrk when installed, else autocannon in this process; a random token per request (seeded) from a list. */
const autocannon = require('autocannon');
const { runWrk, wrkFits, wrkAvailable } = require('./wrk-load');
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
 * Every 2xx response's time as autocannon measured it (fractional ms, from its own hrtime), as
 * autocannon's percentiles count them: its histogram keeps whole milliseconds, so at 2-4 ms a p99
 * ratio could only read 1, 1.33 or 1.5.
 */
class LatencyList {
  constructor() {
    this.values = new Float64Array(1 << 16);
    this.count = 0;
  }

  add(ms) {
    if (this.count === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.count++] = ms;
  }

  /** The nearest-rank percentile in ms; undefined when nothing was recorded. */
  percentile(p) {
    if (this.count === 0) return undefined;
    if (!this.sorted) this.sorted = this.values.subarray(0, this.count).sort();
    return this.sorted[Math.max(0, Math.ceil((p / 100) * this.count) - 1)];
  }
}

/**
 * Runs the load against `url` for `seconds` (or for `amount` requests) with `connections`, each
 * request a random token of `tokens`: through wrk when it is installed and fits the load
 * (wrk-load.js), else through autocannon. Returns requests/s, latency percentiles (ms), status counts
 * and the CPU this process (the generator) used, so a report can show the generator was not the
 * limit.
 */
/** Which generator timed runs use here, as the report names it. */
function loadGenerator() {
  return wrkAvailable()
    ? 'wrk (one thread; autocannon in this process for counted runs and token lists over 100,000)'
    : 'autocannon in this process (wrk is not installed)';
}

async function runLoad(load) {
  return wrkFits(load) ? runWrk(load) : runAutocannon(load);
}

async function runAutocannon({ url, method = 'GET', tokens, seconds, amount, connections = 50, seed = 1 }) {
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const nextRequest = randomRequestBytes({ method, tokens, seed, host: new URL(url).host });
  const latencies = new LatencyList();
  const instance = autocannon({
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
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) latencies.add(ms);
  });
  const result = await instance;
  const wall = (performance.now() - wallBefore) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    rps: result.requests.total / result.duration,
    p50: latencies.percentile(50) ?? result.latency.p50,
    p99: latencies.percentile(99) ?? result.latency.p99,
    total: result.requests.total,
    errors: result.errors + result.timeouts,
    statuses: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count])),
    generatorCpu: (cpu.user + cpu.system) / 1e6 / wall,
    generator: 'autocannon',
  };
}

module.exports = { runLoad, loadGenerator };
