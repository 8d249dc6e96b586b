'use strict';
/**
 * Startup per file style: the bench's 1,000 hand-written tokens written as plain block YAML, flow
 * YAML, YAML with quoted keys, JSON, and block YAML with anchors, each against a 1-token file.
 * Whatever style a user writes should start within 2x of 1 token (JSON within 1.5x).
 */
const fs = require('node:fs');
const path = require('node:path');
const jsYaml = require('js-yaml');
const servers = require('../servers');
const { measureStartup } = require('./startup');
const { median } = require('../compare');

/** Every scalar kept as its text, as auth-sim reads it, so each style holds the same cards. */
const TEXT = jsYaml.FAILSAFE_SCHEMA;

/** The hand-written fixture rewritten in each style; file names say the style. */
function writeStyles(dir, handFile) {
  const block = fs.readFileSync(handFile, 'utf8');
  const data = jsYaml.load(block, { schema: TEXT });
  const styles = {
    '1 token': 'tokens:\n  hand-0000: { status: 204, body: none }\n',
    'plain block YAML': block,
    'flow YAML': jsYaml.dump(data, { schema: TEXT, flowLevel: 2, lineWidth: -1 }),
    'quoted keys': jsYaml
      .dump(data, { schema: TEXT, lineWidth: -1 })
      .replace(/^(\s*(?:- )?)([A-Za-z][\w-]*):/gm, '$1"$2":'),
    JSON: JSON.stringify(data, null, 2),
    anchors: anchored(block),
  };
  return Object.entries(styles).map(([style, text]) => {
    const file = path.join(dir, `${style.replace(/\W+/g, '-')}.${style === 'JSON' ? 'json' : 'yaml'}`);
    fs.writeFileSync(file, text);
    return { style, file };
  });
}

/** The block file with every card's companyList an alias of the first card's (`&companies` / `*companies`). */
function anchored(block) {
  let first = true;
  return block.replace(/ {4}companyList:\n {6}- .*\n/g, (list) => {
    if (!first) return '    companyList: *companies\n';
    first = false;
    return list.replace('companyList:', 'companyList: &companies');
  });
}

/**
 * Measures every style's start, taking the styles in turn within each round so that a busy
 * neighbour's drift falls on all of them alike. `builds` lets a one-off comparison time other
 * builds of auth-sim in the same rounds (bench/compare-file-styles.js): { label, root, args }.
 */
async function fileStylesCase(ctx, builds = [{ label: 'auth-sim', root: servers.ROOT, args: ctx.authArgs }]) {
  const dir = fs.mkdtempSync(path.join(ctx.dir, 'styles-'));
  const specs = [];
  for (const { style, file } of writeStyles(dir, ctx.fixtures.hand)) {
    for (const build of builds) {
      const spec = servers.authSim(`${build.label}, ${style}`, [file], {
        extraArgs: build.args,
        probeToken: 'hand-0000',
      });
      spec.args[0] = path.join(build.root, 'bin/auth-sim.js');
      specs.push({ spec, style, build: build.label, bytes: fs.statSync(file).size, samples: [] });
    }
  }
  for (let round = 0; round < ctx.startupTimes; round++) {
    for (const row of specs)
      row.samples.push(await measureStartup(row.spec, { times: 1, load: undefined, loadSeconds: 0 }));
  }
  const rows = specs.map(({ spec, style, build, bytes, samples }) => ({
    name: spec.name,
    style,
    build,
    bytes,
    startupMs: median(samples.map((s) => s.startupMs)),
    startups: samples.map((s) => Math.round(s.startupMs)),
    rssAtStart: median(samples.map((s) => s.rssAtStart)),
    rss: median(samples.map((s) => s.rss)),
    peakRss: median(samples.map((s) => s.peakRss)),
  }));
  return { id: 'startup-file-styles', title: '1,000 tokens per file style', servers: rows };
}

module.exports = { fileStylesCase };
