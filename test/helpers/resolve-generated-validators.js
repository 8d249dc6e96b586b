'use strict';
const { existsSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const SCHEMA_SRC = path.join(root, 'src', 'scenario', 'schema');
const GENERATED = /^(scenario-file|scenario-entry|session-body|clock-body)\.js$/;

/**
 * Jest's resolver: src/scenario/schema/scenario-validators.ts asks for the validators `npm run
 * build` generates, which live in dist/ only; this points it there (it takes them while they match
 * the schema, else compiles with Ajv, as the shipped code does). Compiling would cost every suite
 * that reads a scenario ~0.3 s of CPU, as jest gives each suite its own modules. A mock of the
 * module (jest.doMock) still wins, as jest looks for one before it resolves; moduleNameMapper
 * would not let it.
 */
module.exports = (request, options) => {
  const match = path.dirname(request) === path.join(SCHEMA_SRC, 'generated') && GENERATED.exec(path.basename(request));
  if (match) {
    const built = path.join(root, 'dist', 'scenario', 'schema', 'generated', `${match[1]}.js`);
    if (existsSync(built)) return built;
  }
  return options.defaultResolver(request, options);
};
