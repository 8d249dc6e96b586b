#!/usr/bin/env node
// Thin launcher: the CLI is dist/cli/bundle.js, dist/cli/main.js and what it requires in one file
// (scripts/bundle-cli.js, run by `npm run build`, which npm's `prepare` runs), compiled from the
// V8 code cache the build writes beside it (compiled-bundle.js).
const { loadBundle } = require('./compiled-bundle.js');

loadBundle().main(process.argv);
