'use strict';
/**
 * What an open dashboard costs: auth-sim with a client on `GET /__admin/events` (what the page
 * holds open) against the same server with none, and the baseline for scale. The stream reads
 * the journal on a timer, so "closed" must match a plain server and "open" stay >= 0.9x of it.
 * The stream is read in the bench's process with node:http rather than by a browser, so the
 * figure is the server's cost alone, not a browser's rendering on the same two cores.
 */
const http = require('node:http');
const { compareServers, median } = require('../compare');
const servers = require('../servers');
const { handTokens } = require('./throughput');

/** Holds `GET /__admin/events` open and counts the request entries it delivers. */
function openStream(handle) {
  return new Promise((resolve, reject) => {
    const stream = { entries: 0, skipped: 0, close: () => req.destroy() };
    const req = http.get(`${handle.url}/__admin/events`, { agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`GET /__admin/events answered ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffered = '';
      res.on('data', (chunk) => {
        buffered += chunk;
        let end;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          if (!block.startsWith('event: requests')) continue;
          const data = JSON.parse(block.slice(block.indexOf('data: ') + 6));
          stream.entries += data.requests.length;
          stream.skipped += data.skipped;
        }
      });
      resolve(stream);
    });
    req.on('error', (error) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
  });
}

async function dashboardSection(ctx) {
  let stream;
  const openSpec = servers.authSim('auth-sim, dashboard open', [ctx.fixtures.hand], { extraArgs: ctx.authArgs });
  openSpec.afterStart = async (handle) => (stream = await openStream(handle));
  const [base, closed, open] = await compareServers({
    specs: [
      servers.baseline('baseline', ctx.bodies.hand),
      servers.authSim('auth-sim, dashboard closed', [ctx.fixtures.hand], { extraArgs: ctx.authArgs }),
      openSpec,
    ],
    load: { method: 'GET', tokens: handTokens(), seed: 23 },
    ...ctx.runOptions,
    rounds: ctx.journalRounds,
    alternate: true,
    afterRuns: async () => stream.close(),
  });
  const pairs = open.runs.map((run, i) => run.rps / closed.runs[i].rps);
  return {
    id: 'dashboard',
    title: 'GET over hand-written tokens, dashboard event stream open vs closed',
    servers: [base, closed, open],
    openToClosed: median(pairs),
    openToClosedRange: [Math.min(...pairs), Math.max(...pairs)],
    streamed: { entries: stream.entries, skipped: stream.skipped },
    ratios: { closed: closed.rps / base.rps, open: open.rps / base.rps },
  };
}

module.exports = { dashboardSection };
