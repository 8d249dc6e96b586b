#!/usr/bin/env node
// Thin launcher: the CLI is dist/cli/bundle.js, dist/cli/main.js and what it requires in one file
// (scripts/bundle-cli.js, run by `npm run build`, which npm's `prepare` runs).
require('../dist/cli/bundle.js').main(process.argv);
