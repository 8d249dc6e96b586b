/** Tests run the TypeScript sources; CLI tests spawn the built dist/ (npm test builds first). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  testTimeout: 30000,
  // The README's jest example imports the package by name; in this repo that is the source.
  moduleNameMapper: { '^auth-sim$': '<rootDir>/src/index.ts' },
};
