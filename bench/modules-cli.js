'use strict';
/**
 * The CLI from tsc's modules in dist/ rather than from the bundle bin/auth-sim.js runs: the same
 * code, but a CPU profile then names each function's own file (profile-request.js sorts its rows
 * by file), where the bundle would put every function in dist/cli/bundle.js.
 */
require('../dist/cli/main.js').main(process.argv);
