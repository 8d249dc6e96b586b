'use strict';
const Sequencer = require('@jest/test-sequencer').default;

/**
 * The suites that each take a fifth of the run or more in one long chain of waits (a 16 MB reload,
 * pack-install-compile-test, 25,000 files, TLS handshakes, a browser), relative to test/.
 */
const LONGEST = [
  'scenario/live/big-reload.test.ts',
  'api/installed-package.test.ts',
  'cli/many-scenario-files.test.ts',
  'cli/serve-tls.test.ts',
  'dashboard/dashboard-browser.test.ts',
];

/**
 * Jest's order (last run's failures, then the slowest first by last run's times, else the
 * biggest files first), with the longest suites started first whatever it says: a fresh clone
 * has no times, so jest goes by file size (big-reload.test.ts is small), and a run of one file
 * (`npx jest that.test.ts`) records a time that says little about a full run. Started late,
 * one of them alone makes the run's tail.
 */
class LongestFirst extends Sequencer {
  sort(tests) {
    const rank = (test) => {
      const at = LONGEST.findIndex((name) => test.path.endsWith(`/test/${name}`));
      return at === -1 ? LONGEST.length : at;
    };
    const sorted = super.sort(tests);
    return sorted
      .map((test, i) => [rank(test), i, test])
      .sort((a, b) => a[0] - b[0] || a[1] - b[1])
      .map(([, , test]) => test);
  }
}

module.exports = LongestFirst;
