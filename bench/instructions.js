'use strict';
/**
 * Instructions per request, counted by valgrind's callgrind: a figure a shared machine cannot
 * disturb, for costs of a few per cent that CPU time on a noisy VM hides (run to run, the same
 * server's CPU per request moves by 10-20% there). It counts instructions, not time: cache
 * misses and the kernel's work are not in it, so it is a cross-check beside the timed figures,
 * never a replacement. Needs `valgrind` (Debian's package) on PATH; the bench skips it without.
 */
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { freePort, probeOnce } = require('./process');
const { runLoad } = require('./load');

/** Whether valgrind and its callgrind_control are installed. */
function callgrindAvailable() {
  return (
    spawnSync('valgrind', ['--version'], { stdio: 'ignore' }).status === 0 &&
    spawnSync('callgrind_control', ['--help'], { stdio: 'ignore' }).error === undefined
  );
}

/** `amount` GETs of random tokens (seeded) through the bench's load generator; throws if any failed. */
async function sendRequests(url, { tokens, amount, connections, seed }) {
  const result = await runLoad({ url, tokens, amount, connections, seed });
  if (result.errors > 0 || result.total < amount)
    throw new Error(`${result.errors} of ${amount} requests failed under callgrind`);
}

/** Waits for callgrind_control's dump file to appear and be complete; returns its instruction total. */
async function readDump(dir, pid) {
  const file = path.join(dir, `callgrind.${pid}.1`);
  for (let i = 0; i < 600; i++) {
    if (fs.existsSync(file)) {
      const match = /^(?:summary|totals): (\d+)/m.exec(fs.readFileSync(file, 'utf8'));
      if (match) return Number(match[1]);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`callgrind wrote no dump for pid ${pid} in ${dir}`);
}

/**
 * The instructions V8's background compiler (TurboFan's compile tasks) ran within a dump, as
 * callgrind_annotate sums them; 0 when it names none.
 */
function compilerInstructions(file) {
  const annotated = spawnSync('callgrind_annotate', ['--inclusive=yes', file], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const line = (annotated.stdout || '')
    .split('\n')
    .find((l) => l.includes('OptimizingCompileDispatcher::CompileTask::RunInternal'));
  return line ? Number(line.trim().split(/\s+/)[0].replace(/,/g, '')) : 0;
}

/**
 * Starts `node <args> --port <free>` under callgrind, warms it up, zeroes the counters, sends
 * `requests` more on new connections and dumps: instructions per request, every thread of the
 * process (the garbage collector's helpers included), and the part of it V8's background compiler
 * ran. The warm-up is two rounds on two sets of connections, `warmup` requests and then twice as
 * many, so that the count is of a server that has settled, as a chat server's is:
 * - The first time connections close, V8 throws away the optimized code of Node's stream and
 *   HTTP functions, and of ours that read a socket (a "wrong map" deopt: a closed socket's state
 *   has another shape), and compiles it again. That happens once in a server's life; with a
 *   single round it fell at the start of the counted window, and the compiling was 37-40% of each
 *   count, bare baseline and auth-sim alike, which pulled their ratio towards 1.
 * - Code run by the clock rather than by each request (timers, the request log's batched write)
 *   becomes hot only after some seconds, and under callgrind requests are slow, so the second
 *   round is the longer one.
 * Counted after both, the compiler's part is a few per cent of each count.
 * `stdout`: where the server's output goes (a file descriptor for a request log written to a file).
 */
async function instructionsPerRequest({
  args,
  tokens,
  warmup = 10000,
  requests = 10000,
  connections = 4,
  seed = 11,
  probePath,
  stdout = 'ignore',
}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-sim-callgrind-'));
  const port = await freePort();
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      `--callgrind-out-file=${path.join(dir, 'callgrind.%p')}`,
      '--dump-instr=no',
      '--collect-jumps=no',
      process.execPath,
      ...args,
      '--port',
      String(port),
    ],
    { stdio: ['ignore', stdout, 'ignore'] },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  try {
    const started = Date.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server under callgrind exited (${child.exitCode})`);
      if (Date.now() - started > 180000) throw new Error('the server under callgrind did not answer within 180 s');
      try {
        await probeOnce(url + probePath);
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    await sendRequests(url, { tokens, amount: warmup, connections, seed });
    await sendRequests(url, { tokens, amount: 2 * warmup, connections, seed: seed + 2 });
    spawnSync('callgrind_control', ['-z', String(child.pid)], { stdio: 'ignore' });
    await sendRequests(url, { tokens, amount: requests, connections, seed: seed + 1 });
    spawnSync('callgrind_control', ['-d', String(child.pid)], { stdio: 'ignore' });
    const total = await readDump(dir, child.pid);
    return {
      perRequest: total / requests,
      compilerPerRequest: compilerInstructions(path.join(dir, `callgrind.${child.pid}.1`)) / requests,
    };
  } finally {
    child.kill('SIGKILL');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

module.exports = { callgrindAvailable, instructionsPerRequest };
