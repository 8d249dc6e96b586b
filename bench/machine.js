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
    const git = (...args) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
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

module.exports = { describeMachine, describeBuild };
