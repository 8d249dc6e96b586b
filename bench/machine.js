'use strict';
/** The machine a benchmark ran on, and how busy it was before we started. */
const os = require('node:os');

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

module.exports = { describeMachine };
