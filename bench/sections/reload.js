'use strict';
/** Hot reload latency (issue 3): write completes -> first response showing the change. */
const path = require('node:path');
const fs = require('node:fs');

const MODULE = path.join(__dirname, '..', 'reload-latency.js');

/** Whether issue 3's measuring module is present. */
function reloadAvailable() {
  return fs.existsSync(MODULE);
}

async function reloadSection(ctx) {
  const { measureReloadLatency } = require(MODULE);
  const cases = [];
  for (const tokens of [10, 10000]) cases.push(await measureReloadLatency({ tokens, runs: ctx.reloadRuns }));
  return { id: 'reload', title: `Hot reload latency, median and worst of ${ctx.reloadRuns}`, cases };
}

module.exports = { reloadSection, reloadAvailable };
