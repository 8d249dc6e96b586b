'use strict';
/**
 * The load generator when Debian's `wrk` is installed: the same requests as the autocannon one
 * (seeded random tokens from a list, keep-alive, `connections` at once) from a C program that
 * spends a fraction of autocannon's CPU per request, so on a 2-core machine the figure measures
 * the server rather than the generator. Only for timed runs over lists of up to MAX_TOKENS
 * (each request is prebuilt into the script); anything else uses autocannon.
 */
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const MAX_TOKENS = 100000;
const PREFIX = '/rest/chat/client/id/';
const CLOCK_TICKS = 100; // USER_HZ on Linux: /proc's CPU times count in these.

let available;

/** Whether `wrk` runs here (checked once); AUTH_SIM_BENCH_LOAD=autocannon turns it off. */
function wrkAvailable() {
  if (available === undefined)
    available = process.env.AUTH_SIM_BENCH_LOAD !== 'autocannon' && spawnSync('wrk', ['--version']).error === undefined;
  return available;
}

/** Whether wrk can run this load (a timed run over a list small enough to prebuild). */
function wrkFits({ tokens, amount }) {
  return amount === undefined && tokens.length <= MAX_TOKENS && wrkAvailable();
}

/** A Lua string literal of any text: printable ASCII as is, every other byte as a decimal escape. */
function luaString(text) {
  let out = '"';
  for (const byte of Buffer.from(text)) {
    const c = String.fromCharCode(byte);
    out += byte >= 32 && byte < 127 && c !== '"' && c !== '\\' ? c : `\\${byte}`;
  }
  return `${out}"`;
}

/** The Lua script: the prebuilt requests, a seeded pick per request, one JSON line of results at the end. */
function script({ method, tokens, seed, host }) {
  const text = (token) =>
    method === 'GET'
      ? `GET ${PREFIX}${encodeURIComponent(token)} HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\n\r\n`
      : `POST ${PREFIX} HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\ntoken: ${token}\r\n\r\n`;
  return `local requests = {
${tokens.map((t) => luaString(text(t))).join(',\n')}
}
local n = #requests
math.randomseed(${Number(seed)})
request = function() return requests[math.random(n)] end
done = function(s, latency)
  local e = s.errors
  io.write(string.format('\\n{"requests":%d,"us":%d,"socketErrors":%d,"timeouts":%d,"notOk":%d,"p50":%d,"p99":%d}\\n',
    s.requests, s.duration, e.connect + e.read + e.write, e.timeout, e.status,
    latency:percentile(50), latency:percentile(99)))
end
`;
}

/** CPU seconds of this process's reaped children: wrk's own, once it has exited. */
function childrenCpuSeconds() {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
}

/**
 * Runs wrk (one thread) against `url` for `seconds` (whole seconds, at least 1: wrk takes no
 * fraction); the same result shape as the autocannon runner. Statuses: wrk counts only answers
 * outside 2xx/3xx, so they read `2xx/3xx` and `other`.
 */
async function runWrk({ url, method = 'GET', tokens, seconds, connections = 50, seed = 1 }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-sim-wrk-'));
  const file = path.join(dir, 'requests.lua');
  fs.writeFileSync(file, script({ method, tokens, seed, host: new URL(url).host }));
  try {
    const cpuBefore = childrenCpuSeconds();
    const wallBefore = performance.now();
    const duration = Math.max(1, Math.round(seconds));
    const child = spawn('wrk', ['-t1', `-c${connections}`, `-d${duration}s`, '-s', file, url], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    const wall = (performance.now() - wallBefore) / 1000;
    const line = output.split('\n').find((l) => l.startsWith('{"requests"'));
    if (code !== 0 || line === undefined) throw new Error(`wrk failed (exit ${code}): ${output.trim()}`);
    const r = JSON.parse(line);
    return {
      rps: r.requests / (r.us / 1e6),
      p50: r.p50 / 1000,
      p99: r.p99 / 1000,
      total: r.requests,
      errors: r.socketErrors + r.timeouts,
      statuses: { '2xx/3xx': r.requests - r.notOk, ...(r.notOk > 0 ? { other: r.notOk } : {}) },
      generatorCpu: (childrenCpuSeconds() - cpuBefore) / wall,
      generator: 'wrk',
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

module.exports = { runWrk, wrkFits, wrkAvailable };
