'use strict';
/**
 * What the caller report (issue 33) costs: throughput with it on (the default) against
 * --no-report in paired rounds (paired-on-off.js); and its memory bound, the RSS growth of a server
 * asked for 200,000 distinct unknown tokens over loopback.
 */
const http = require('node:http');
const servers = require('../servers');
const { startServerProcess } = require('../process');
const { pairedOnOff } = require('./paired-on-off');

async function callerReportSection(ctx) {
  const paired = await pairedOnOff(ctx, { feature: 'caller report', offArgs: ['--no-report'], seed: 23 });
  return {
    id: 'caller-report',
    title: 'GET over hand-written tokens, caller report on vs off',
    ...paired,
    memory: await distinctTokensMemory(ctx, 200_000),
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
