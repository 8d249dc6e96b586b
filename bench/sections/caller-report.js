'use strict';
/**
 * What the caller report (issue 33) costs: throughput with it on (the default) against
 * --no-report, paired rounds as the journal's; and its memory bound, the RSS growth of a server
 * asked for 200,000 distinct unknown tokens over loopback.
 */
const http = require('node:http');
const { compareServers, median } = require('../compare');
const servers = require('../servers');
const { startServerProcess } = require('../process');
const { handTokens } = require('./throughput');

async function callerReportSection(ctx) {
  const [base, on, off] = await compareServers({
    specs: [
      servers.baseline('baseline', ctx.bodies.hand),
      servers.authSim('auth-sim, caller report on', [ctx.fixtures.hand], { extraArgs: ctx.authArgs }),
      servers.authSim('auth-sim, caller report off', [ctx.fixtures.hand], {
        extraArgs: [...ctx.authArgs, '--no-report'],
      }),
    ],
    load: { method: 'GET', tokens: handTokens(), seed: 23 },
    ...ctx.runOptions,
    rounds: ctx.journalRounds,
    alternate: true,
  });
  const pairs = on.runs.map((run, i) => ({
    rps: 1 - run.rps / off.runs[i].rps,
    cpu: run.cpuUs / off.runs[i].cpuUs - 1,
  }));
  return {
    id: 'caller-report',
    title: 'GET over hand-written tokens, caller report on vs off',
    servers: [base, on, off],
    cost: median(pairs.map((p) => p.rps)),
    costRange: [Math.min(...pairs.map((p) => p.rps)), Math.max(...pairs.map((p) => p.rps))],
    cpuCost: median(pairs.map((p) => p.cpu)),
    memory: await distinctTokensMemory(ctx, 200_000),
    ratios: { on: on.rps / base.rps, off: off.rps / base.rps },
  };
}

/**
 * RSS before and after `count` requests, each for a token nobody wrote and nobody asked for
 * before, 16 keep-alive connections at a time; the journal off, so only the report holds them.
 */
async function distinctTokensMemory(ctx, count) {
  const handle = await startServerProcess(
    servers.authSim('auth-sim, distinct unknown tokens', [ctx.fixtures.hand], {
      extraArgs: [...ctx.authArgs, '--no-journal'],
    }),
  );
  try {
    await askDistinct(handle.url, 2000, 'warm');
    const before = handle.memory().rss;
    const started = performance.now();
    await askDistinct(handle.url, count, 'unknown');
    const seconds = (performance.now() - started) / 1000;
    const after = handle.memory().rss;
    return { requests: count, rssBefore: before, rssAfter: after, growth: after - before, seconds };
  } finally {
    await handle.stop();
  }
}

function askDistinct(baseUrl, count, prefix) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  let next = 0;
  const one = () =>
    new Promise((resolve, reject) => {
      const req = http.get(`${baseUrl}/rest/chat/client/id/${prefix}-${next++}`, { agent }, (res) => {
        res.resume();
        res.once('end', resolve);
      });
      req.once('error', reject);
    });
  const worker = async () => {
    while (next < count) await one();
  };
  return Promise.all(Array.from({ length: 16 }, worker)).finally(() => agent.destroy());
}

module.exports = { callerReportSection };
