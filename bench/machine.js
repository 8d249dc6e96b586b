'use strict';
/** The machine a benchmark ran on, and how busy it was before we started. */
const os = require('node:os');
const { execFileSync } = require('node:child_process');

/**
 * The commit measured, with "+ uncommitted changes" when the tree differs from it, so a committed
 * report names the code it measured; null outside a git checkout (an npm tarball).
 */
function describeBuild(cwd = `${__dirname}/..`) {
  try {
    const git = (...args) =>
      execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const commit = git('rev-parse', '--short', 'HEAD');
    return git('status', '--porcelain', '--untracked-files=no') ? `${commit} + uncommitted changes` : commit;
  } catch {
    return null;
  }
}

function describeMachine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0] ? cpus[0].model.trim() : 'unknown',
    cores: cpus.length,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    loadAverage: os.loadavg().map((n) => Number(n.toFixed(2))),
  };
}

/**
 * How fast this machine's CPU is right now: the time of a fixed loop, taken before every timed
 * run. A shared VM's speed can move by half within a minute; the spread of these samples says how
 * far to trust a run's ratios, which interleaving cancels only for slow drift.
 */
const speedSamples = [];
function probeCpuSpeed(steps = 1e7) {
  const started = performance.now();
  let x = 0;
  for (let i = 0; i < steps; i++) x = (x + i * 7) % 1000003;
  const ms = performance.now() - started;
  if (x >= 0) speedSamples.push(ms);
  return ms;
}

/** The probes of this run: how many, the fastest, median and slowest, in ms. */
function cpuSpeedSummary() {
  if (speedSamples.length === 0) return null;
  const sorted = [...speedSamples].sort((a, b) => a - b);
  const round = (x) => Math.round(x * 10) / 10;
  return {
    probes: sorted.length,
    fastestMs: round(sorted[0]),
    medianMs: round(sorted[sorted.length >> 1]),
    slowestMs: round(sorted[sorted.length - 1]),
  };
}

module.exports = { describeMachine, describeBuild, probeCpuSpeed, cpuSpeedSummary };
