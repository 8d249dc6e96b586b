#!/usr/bin/env node
// Thin launcher: the CLI lives in dist/cli (built by `npm run build`, run by npm's `prepare`).
require('../dist/cli/main.js').main(process.argv);
