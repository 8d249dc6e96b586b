'use strict';
/**
 * What users run against what it is measured by (issues 37 and 48): auth-sim with its defaults,
 * `serve` with no flag but the bench's scenario file (a line per request to stdout, here a file
 * as `> auth-sim.log` would be; the journal, the caller report and the metrics on), against the
 * bare node:http baseline and `--quiet --no-journal`; and the same defaults with one live session
 * open (POST /__admin/sessions), loaded with plain tokens, since a live session puts a prefix
 * check on every request's path. GET over the hand-written tokens, rounds in alternating order.
 * With valgrind, the defaults and the baseline are also counted in instructions per request.
 */
const fs = require('node:fs');
const path = require('node:path');
const { compareServers } = require('../compare');
const servers = require('../servers');
const { instructionsPerRequest } = require('../instructions');
const { handTokens } = require('./throughput');
const { countInTurn } = require('./paired-on-off');

const DEFAULTS = 'auth-sim, defaults (request log to a file, journal, caller report, metrics)';

/** Long past the section's end: a session nobody names for its ttl ends, and the load never names it. */
const SESSION_TTL_MS = 6 * 60 * 60 * 1000;

/** auth-sim's defaults with stdout to `fd` (a file), as `serve` runs with no flags. */
function defaultsSpec(ctx, name, fd) {
  return { ...servers.authSim(name, [ctx.fixtures.hand], { extraArgs: ctx.authArgs, quiet: false }), stdout: fd };
}

/** Opens one session on `handle`'s server; throws unless it answers 201. */
async function openSession(handle) {
  const res = await fetch(`${handle.url}/__admin/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ttl: SESSION_TTL_MS }),
  });
  if (res.status !== 201) throw new Error(`POST /__admin/sessions answered ${res.status}: ${await res.text()}`);
}

/** Servers in the order targets.js reads them: baseline, defaults, --quiet --no-journal, defaults with a session. */
async function requestLogSection(ctx, { counted }) {
  const files = ['defaults', 'session'].map((name) => path.join(ctx.dir, `request-log-${name}.txt`));
  const fds = files.map((file) => fs.openSync(file, 'w'));
  try {
    const withSession = defaultsSpec(ctx, `${DEFAULTS}, one live session`, fds[1]);
    withSession.afterStart = openSession;
    const measured = await compareServers({
      specs: [
        servers.baseline('baseline', ctx.bodies.hand),
        defaultsSpec(ctx, DEFAULTS, fds[0]),
        servers.authSim('auth-sim, --quiet --no-journal', [ctx.fixtures.hand], {
          extraArgs: [...ctx.authArgs, '--no-journal'],
        }),
        withSession,
      ],
      load: { method: 'GET', tokens: handTokens(), seed: 19 },
      ...ctx.runOptions,
      rounds: ctx.journalRounds,
      alternate: true,
    });
    const [base, defaults, quiet, session] = measured;
    return {
      id: 'request-log',
      title: 'GET over hand-written tokens: defaults, --quiet --no-journal, defaults with one live session',
      servers: measured,
      logBytes: fds.map((fd) => fs.fstatSync(fd).size),
      ratios: { defaults: defaults.rps / base.rps, quiet: quiet.rps / base.rps, session: session.rps / base.rps },
      instructions: counted ? await requestLogInstructions(ctx, files[0]) : null,
    };
  } finally {
    for (const fd of fds) fs.closeSync(fd);
    for (const file of files) fs.rmSync(file, { force: true });
  }
}

/**
 * The defaults (stdout to a file) and the bare baseline in instructions per request, in turn,
 * the median of three each.
 */
async function requestLogInstructions(ctx, logFile) {
  const load = { warmup: 10000, requests: 10000, connections: 4 };
  const count = (spec, stdout) =>
    instructionsPerRequest({ args: spec.args, probePath: spec.probePath, stdout, tokens: handTokens(), ...load });
  const defaults = servers.authSim(DEFAULTS, [ctx.fixtures.hand], {
    extraArgs: ctx.authArgs,
    quiet: false,
    probeToken: 'hand-0000',
  });
  const counted = await countInTurn({
    defaults: async () => {
      const fd = fs.openSync(logFile, 'w');
      try {
        return await count(defaults, fd);
      } finally {
        fs.closeSync(fd);
      }
    },
    baseline: () => count(servers.baseline('baseline', ctx.bodies.hand, { probeToken: 'hand-0000' })),
  });
  return { ...counted, ...load };
}

module.exports = { requestLogSection };
