'use strict';
/** How the bench starts each server under test; every one is a separate `node` process. */
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
const PREFIX = '/rest/chat/client/id/';

/**
 * auth-sim itself, through its real CLI: `node bin/auth-sim.js serve --scenarios ... --quiet`;
 * `scheme: 'https'` with --tls among the args. `quiet: false` keeps the request log on, written
 * to /dev/null (stdout 'ignore'): the cost of writing it, without the bench process (the load
 * generator) reading it.
 */
function authSim(
  name,
  scenarioPaths,
  { extraArgs = [], probeToken = 'bench-probe', scheme = 'http', quiet = true } = {},
) {
  const scenarios = scenarioPaths.flatMap((p) => ['--scenarios', p]);
  return {
    name,
    args: [path.join(ROOT, 'bin/auth-sim.js'), 'serve', ...scenarios, ...(quiet ? ['--quiet'] : []), ...extraArgs],
    probePath: PREFIX + probeToken,
    scheme,
    ...(quiet ? {} : { stdout: 'ignore' }),
  };
}

/** auth-sim's name in the startup section (targets.js looks for it). */
const AUTH_START = 'auth-sim';

/**
 * The bare node:http baseline over a bodies fixture (bench/baseline-server.js); `tls` ({cert, key}:
 * PEM file paths) makes it a bare node:https server with that certificate.
 */
function baseline(name, bodiesFile, { trivial = false, probeToken = 'bench-probe', tls } = {}) {
  return {
    name,
    args: [
      path.join(__dirname, 'baseline-server.js'),
      '--bodies',
      bodiesFile,
      ...(trivial ? ['--trivial'] : []),
      ...(tls ? ['--tls-cert', tls.cert, '--tls-key', tls.key] : []),
    ],
    probePath: PREFIX + probeToken,
    scheme: tls ? 'https' : 'http',
  };
}

/** The baseline started from the same scenario file auth-sim reads (startup like for like). */
function baselineFromYaml(name, scenarioFile, { probeToken = 'bench-probe' } = {}) {
  return {
    name,
    args: [path.join(__dirname, 'baseline-server.js'), '--yaml', scenarioFile],
    probePath: PREFIX + probeToken,
  };
}

module.exports = { authSim, baseline, baselineFromYaml, ROOT, AUTH_START };
