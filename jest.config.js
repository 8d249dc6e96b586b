/** Tests run the TypeScript sources; CLI tests spawn the built dist/ (npm test builds first). */
const os = require('node:os');

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }],
  },
  testTimeout: 30000,
  // Most suites wait on a child process, a timer, a socket or a browser more than they compute:
  // with 1.5 workers per core every worker was busy from start to end while the cores idled
  // (sum of suite times = 3 x the run); two and a half per core keep both cores busy (jest's
  // default, cores - 1, is one worker on two cores; its percentage form stops at 100%).
  maxWorkers: Math.ceil(os.availableParallelism() * 2.5),
  // The longest suites start first (test/helpers/test-sequencer.js says why).
  testSequencer: '<rootDir>/test/helpers/test-sequencer.js',
  // One folder per run for what suites share (the packed tarball, the browser, the test
  // certificates), removed at the end.
  globalSetup: '<rootDir>/test/helpers/test-run-dir.ts',
  globalTeardown: '<rootDir>/test/helpers/test-run-dir-teardown.ts',
  // src/ takes the scenario validators npm run build generates from dist/, as the shipped code does.
  resolver: '<rootDir>/test/helpers/resolve-generated-validators.js',
  // The README's jest example and the container tests import the package by name; here that is the source.
  moduleNameMapper: {
    '^auth-sim$': '<rootDir>/src/index.ts',
    '^auth-sim/testcontainers$': '<rootDir>/src/testcontainers/index.ts',
  },
};
