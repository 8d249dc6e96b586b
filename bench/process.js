'use strict';
/** Runs a server under test as its own process: start it, time its first answer, watch its memory and CPU. */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const https = require('node:https');
const net = require('node:net');

const LISTENING = /listening on (https?:\/\/[^\s]+)/;
const CLOCK_TICKS = 100; // USER_HZ on Linux; /proc/<pid>/stat counts CPU time in these.

/** A free TCP port on 127.0.0.1, so a server can be started with `--quiet` and still be found. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** One GET; resolves with the status, or rejects (connection refused while the server boots). */
function probeOnce(url) {
  return new Promise((resolve, reject) => {
    // A server under test over HTTPS serves a certificate made at its start (--tls): loopback, not verified.
    const client = url.startsWith('https:') ? https : http;
    const req = client.get(url, { agent: false, rejectUnauthorized: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
  });
}

/** Reads VmRSS and VmHWM (peak) of a process, in bytes; zeros once it has exited. */
function readMemory(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number((new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status) || [0, 0])[1]);
    return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

/** CPU seconds (user + system) a process has used so far. */
function readCpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** Busy and total CPU time of the whole machine so far, in clock ticks (from /proc/stat). */
function readMachineCpu() {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0];
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = ticks[3] + (ticks[4] || 0);
  const total = ticks.reduce((a, b) => a + b, 0);
  return { busy: (total - idle) / CLOCK_TICKS, total: total / CLOCK_TICKS };
}

/**
 * Spawns `node <args>` with `--port <free>` appended and waits until `probePath` answers.
 * Returns the handle with `startupMs`: from spawn to the first complete response.
 */
async function startServerProcess({
  name,
  args,
  probePath,
  timeoutMs = 60000,
  nodeArgs = [],
  scheme = 'http',
  stdout = 'pipe',
}) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, ...args, '--port', String(port)], {
    stdio: ['ignore', stdout, 'pipe'],
  });
  let output = '';
  let announced = null;
  const collect = (chunk) => {
    output = (output + chunk).slice(-4000);
    announced = announced || (LISTENING.exec(output) || [])[1] || null;
  };
  child.stdout?.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  let gone = false;
  let exitCode = null;
  exited.then((code) => ((gone = true), (exitCode = code)));
  const url = `${scheme}://127.0.0.1:${port}`;
  while (!gone) {
    if (performance.now() - started > timeoutMs) break;
    try {
      await probeOnce(url + probePath);
      const startupMs = performance.now() - started;
      return makeHandle({ name, child, url: announced || url, startupMs, exited, output: () => output });
    } catch {
      await new Promise((r) => setTimeout(r, 2));
    }
  }
  child.kill('SIGKILL');
  throw new Error(`${name} did not answer within ${timeoutMs} ms (exit code ${exitCode}); output:\n${output}`);
}

function makeHandle({ name, child, url, startupMs, exited, output }) {
  const pid = child.pid;
  return {
    name,
    pid,
    url,
    startupMs,
    output,
    memory: () => readMemory(pid),
    cpuSeconds: () => readCpuSeconds(pid),
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Samples VmRSS every `everyMs` until stopped; returns the largest sample seen. */
function sampleRss(handle, everyMs = 50) {
  let max = handle.memory().rss;
  const timer = setInterval(() => {
    max = Math.max(max, handle.memory().rss);
  }, everyMs);
  return () => {
    clearInterval(timer);
    return Math.max(max, handle.memory().rss);
  };
}

module.exports = { startServerProcess, sampleRss, freePort, probeOnce, readMachineCpu };
