'use strict';
/**
 * What an open dashboard costs: auth-sim with a client on `GET /__admin/events` (what the page
 * holds open) against the same server with none, and the baseline for scale. The stream reads
 * the journal on a timer, so "closed" must match a plain server and "open" stay >= 0.9x of it.
 * The stream is read in the bench's process with node:http rather than by a browser, so the
 * figure is the server's cost alone, not a browser's rendering on the same two cores. A third
 * server holds MANY_STREAMS streams, all read: each update is built once for all of them, so its
 * throughput must stay >= 0.8x of "closed".
 */
const http = require('node:http');
const { compareServers, median } = require('../compare');
const servers = require('../servers');
const { handTokens } = require('./throughput');

/** Streams the "many" server holds open, every one read. */
const MANY_STREAMS = 100;

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
  let many = [];
  const manySpec = servers.authSim(`auth-sim, ${MANY_STREAMS} streams open`, [ctx.fixtures.hand], {
    extraArgs: ctx.authArgs,
  });
  manySpec.afterStart = async (handle) =>
    (many = await Promise.all(Array.from({ length: MANY_STREAMS }, () => openStream(handle))));
  const [base, closed, open, crowded] = await compareServers({
    specs: [
      servers.baseline('baseline', ctx.bodies.hand),
      servers.authSim('auth-sim, dashboard closed', [ctx.fixtures.hand], { extraArgs: ctx.authArgs }),
      openSpec,
      manySpec,
    ],
    load: { method: 'GET', tokens: handTokens(), seed: 23 },
    ...ctx.runOptions,
    rounds: ctx.journalRounds,
    alternate: true,
    afterRuns: async () => (stream.close(), many.forEach((s) => s.close())),
  });
  const pairs = open.runs.map((run, i) => run.rps / closed.runs[i].rps);
  const manyPairs = crowded.runs.map((run, i) => run.rps / closed.runs[i].rps);
  return {
    id: 'dashboard',
    title: 'GET over hand-written tokens, dashboard event stream open vs closed',
    servers: [base, closed, open, crowded],
    openToClosed: median(pairs),
    openToClosedRange: [Math.min(...pairs), Math.max(...pairs)],
    streamed: { entries: stream.entries, skipped: stream.skipped },
    manyStreams: MANY_STREAMS,
    manyToClosed: median(manyPairs),
    manyToClosedRange: [Math.min(...manyPairs), Math.max(...manyPairs)],
    ratios: { closed: closed.rps / base.rps, open: open.rps / base.rps },
  };
}

module.exports = { dashboardSection };
