#!/usr/bin/env node
'use strict';
/**
 * Build step: copies the dashboard (src/dashboard: plain ES modules the browser loads as they are)
 * and its one library, htm's preact bundle (preact + hooks + htm in one 13 KB file), into
 * dist/dashboard, so the page needs nothing from the network. A bundler (esbuild) was considered:
 * with a single vendored module and no JSX there is nothing for it to do.
 */
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const from = path.join(root, 'src', 'dashboard');
const to = path.join(root, 'dist', 'dashboard');

fs.rmSync(to, { recursive: true, force: true });
fs.mkdirSync(path.join(to, 'vendor'), { recursive: true });
for (const name of fs.readdirSync(from)) fs.copyFileSync(path.join(from, name), path.join(to, name));
fs.copyFileSync(
  path.join(path.dirname(require.resolve('htm')), '..', 'preact', 'standalone.module.js'),
  path.join(to, 'vendor', 'preact-htm.js'),
);
