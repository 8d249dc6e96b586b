#!/usr/bin/env node
'use strict';
/**
 * Build step: copies the dashboard (src/dashboard: plain ES modules the browser loads as they are)
 * and its one library, htm's preact bundle (preact + hooks + htm in one 13 KB file), into
 * dist/dashboard, so the page needs nothing from the network; and the Caller view's renderer
 * (src/caller-report/caller-view.ts, the one the HTML report uses) built by esbuild into an ES
 * module beside it, and its styles (which the HTML report inlines) as caller-view.css, since the
 * dashboard's Content-Security-Policy admits no inline style; so the dashboard and the report
 * file draw the same markup. The page's own
 * modules are copied as written: with no JSX there is nothing for a bundler to do to them.
 */
const fs = require('node:fs');
const esbuild = require('esbuild');
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
// The event stream's parser (SSE rules, no dependencies): its ES module build, as the browser loads it.
fs.copyFileSync(
  path.join(path.dirname(require.resolve('eventsource-parser')), 'index.js'),
  path.join(to, 'vendor', 'eventsource-parser.js'),
);
esbuild.buildSync({
  entryPoints: [path.join(root, 'src', 'caller-report', 'caller-view.ts')],
  outfile: path.join(to, 'vendor', 'caller-view.js'),
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  legalComments: 'none',
  logLevel: 'warning',
});
fs.writeFileSync(
  path.join(to, 'caller-view.css'),
  require(path.join(root, 'dist', 'caller-report', 'caller-view-css.js')).CALLER_VIEW_CSS,
);
