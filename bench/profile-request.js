'use strict';
/**
 * Where a server's CPU per request goes: `node bench/profile-request.js [--seconds 5]` profiles
 * the bare baseline, auth-sim `--quiet --no-journal` and auth-sim's defaults (request log to a
 * file, journal on) under the bench's GET load over the hand-written tokens, the timed window
 * only (bench/profile-window.js), and prints a Markdown table of self time per request by where
 * it is spent. Sampled wall time: on a busy machine the syscall row also holds the time the
 * process waited for a core, so read the rows below it, and run it on a quiet machine.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { writeFixtures } = require('./fixtures');
const { loadSet, writeBodies } = require('./bodies');
const { startServerProcess } = require('./process');
const { runLoad } = require('./load');
const servers = require('./servers');
const { handTokens } = require('./sections/throughput');

/** Which row a profile node's self time counts in, from its function and script. */
function placeOf(url, name) {
  if (name === '(idle)') return null;
  if (name === '(garbage collector)') return 'V8 garbage collector';
  if (name === '(program)') return 'V8 and native code the profiler cannot name';
  if (!url)
    return /^(writev|writeBuffer|writeUtf8String|read)$/.test(name) ? 'syscalls (writev, read)' : 'other native';
  if (url.includes('/dist/')) {
    if (url.includes('/caller-report/')) return 'auth-sim: caller report (exchange tracker, store)';
    if (/request-recorder|endpoint\/journal/.test(url)) return 'auth-sim: journal (recorder, ring)';
    if (/cli\/(request-log|batched-lines)/.test(url)) return 'auth-sim: request log (format, batch)';
    return 'auth-sim: request path (handler, lookup, answer, write)';
  }
  if (url.includes('picocolors')) return 'auth-sim: request log (format, batch)';
  if (url.includes('baseline-server')) return 'baseline handler';
  if (/node:_http|node:internal\/http/.test(url)) return 'node:http (parser callbacks, req/res, headers)';
  if (/streams\/|stream_base_commons|node:net|node:stream/.test(url)) return 'node streams and socket writes';
  if (/events|task_queues|timers|async_hooks|promises/.test(url)) return 'node events, ticks, timers';
  return 'other JavaScript';
}

/** Self µs per request by place. */
function tally(profile, requests) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const places = new Map();
  profile.samples.forEach((id, i) => {
    const { url, functionName } = byId.get(id).callFrame;
    const place = placeOf(url, functionName);
    if (place !== null) places.set(place, (places.get(place) ?? 0) + (profile.timeDeltas[i] ?? 0) / requests);
  });
  return places;
}

/** One server: warm up, profile `seconds` of load, return the places and the load's figures. */
async function profileServer(spec, seconds, dir) {
  const out = path.join(dir, `${spec.name.replace(/\W+/g, '-')}.cpuprofile`);
  // The server reads it from the environment it was started with.
  process.env.AUTH_SIM_PROFILE_OUT = out;
  const handle = await startServerProcess({
    ...spec,
    nodeArgs: ['-r', path.join(__dirname, 'profile-window.js')],
  });
  try {
    const load = { method: 'GET', tokens: handTokens(), seed: 19, url: handle.url };
    await runLoad({ ...load, seconds: 2 });
    process.kill(handle.pid, 'SIGUSR2');
    const cpuBefore = handle.cpuSeconds();
    const run = await runLoad({ ...load, seconds });
    const cpuUs = ((handle.cpuSeconds() - cpuBefore) * 1e6) / run.total;
    process.kill(handle.pid, 'SIGUSR2');
    for (let i = 0; i < 100 && !(fs.existsSync(out) && fs.statSync(out).size > 0); i++)
      await new Promise((r) => setTimeout(r, 100));
    return { name: spec.name, places: tally(JSON.parse(fs.readFileSync(out, 'utf8')), run.total), run, cpuUs };
  } finally {
    await handle.stop();
  }
}

async function main() {
  const i = process.argv.indexOf('--seconds');
  const seconds = i === -1 ? 5 : Number(process.argv[i + 1]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-sim-profile-'));
  try {
    const fixtures = writeFixtures(dir, { synthCounts: [] });
    const bodies = writeBodies(path.join(dir, 'hand-bodies.json'), await loadSet([fixtures.hand]));
    const logFd = fs.openSync(path.join(dir, 'request-log.txt'), 'w');
    // auth-sim from its modules (modules-cli.js), so that each profile row finds its file.
    const fromModules = (spec) => ({ ...spec, args: [path.join(__dirname, 'modules-cli.js'), ...spec.args.slice(1)] });
    const specs = [
      servers.baseline('bare node:http', bodies),
      fromModules(servers.authSim('auth-sim --quiet --no-journal', [fixtures.hand], { extraArgs: ['--no-journal'] })),
      { ...fromModules(servers.authSim('auth-sim defaults', [fixtures.hand], { quiet: false })), stdout: logFd },
    ];
    const results = [];
    for (const spec of specs) results.push(await profileServer(spec, seconds, dir));
    fs.closeSync(logFd);
    const rows = [...new Set(results.flatMap((r) => [...r.places.keys()]))]
      .map((place) => [place, ...results.map((r) => r.places.get(place) ?? 0)])
      .filter((row) => row.slice(1).some((us) => us >= 0.05))
      .sort((a, b) => b[b.length - 1] - a[a.length - 1]);
    const line = (cells) => `| ${cells.join(' | ')} |`;
    const us = (n) => n.toFixed(2);
    const lines = [
      line(['self time per request, µs', ...results.map((r) => r.name)]),
      line(['---', ...results.map(() => '---:')]),
      ...rows.map(([place, ...values]) => line([place, ...values.map(us)])),
      line(['**sampled, all rows**', ...results.map((r) => us([...r.places.values()].reduce((a, b) => a + b, 0)))]),
      line(['server CPU per request (/proc), µs', ...results.map((r) => us(r.cpuUs))]),
      line(['requests in the window (req/s)', ...results.map((r) => `${r.run.total} (${Math.round(r.run.rps)})`)]),
    ];
    process.stdout.write(
      `${lines.join('\n')}\n\nLoad: ${results[0].run.generator}, ${seconds} s each; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}.\n`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exitCode = 1;
});
