'use strict';
/**
 * Builds the baseline's bodies fixture by loading a scenario set through auth-sim's own built
 * loader (dist/), so the baseline serves byte-for-byte the replies auth-sim serves. The baseline
 * then reads ready bytes at startup and never sees YAML.
 */
const fs = require('node:fs');
const { readScenarioSources } = require('../dist/scenario/base/read-scenario-sources');
const { loadScenarioSet } = require('../dist/scenario/compile/load-scenario-set');
const { lookupEntry } = require('../dist/scenario/compile/scenario-set');
const { compilePopulations } = require('../dist/synth/compile-populations');

/** Loads scenario paths with the built loader; throws with the first problem if they do not load. */
async function loadSet(paths) {
  const result = loadScenarioSet(await readScenarioSources(paths), {}, compilePopulations);
  if (!result.ok) {
    const p = result.problems[0];
    throw new Error(`bench fixture does not load: ${p.file}:${p.line}:${p.column} ${p.message}`);
  }
  return result.set;
}

/** The reply auth-sim gives `token` from `set`, as it would write it. */
function replyFor(set, token) {
  return lookupEntry(set, token).answer({ token }).reply;
}

/** Collects distinct replies (by identity) into the fixture's reply list. */
function replyIndexer(replies) {
  const seen = new Map();
  return (reply) => {
    let index = seen.get(reply);
    if (index === undefined) {
      index = replies.length;
      seen.set(reply, index);
      replies.push({
        status: reply.status,
        headers: reply.headers,
        body: reply.body ? reply.body.toString('base64') : null,
      });
    }
    return index;
  };
}

/**
 * Writes the fixture for `set`: every named token, plus `sampleTokens` (from a synthetic
 * population), plus `pad` so the baseline's Map holds a population's full key count.
 */
function writeBodies(file, set, { sampleTokens = [], pad } = {}) {
  const replies = [];
  const indexOf = replyIndexer(replies);
  const tokens = [];
  for (const token of set.entries.keys()) tokens.push([token, indexOf(replyFor(set, token))]);
  for (const token of sampleTokens) tokens.push([token, indexOf(replyFor(set, token))]);
  const fallback = indexOf(set.fallback.answer({ token: '' }).reply);
  const padding = pad && { ...pad, replies: tokens.slice(0, 4096).map(([, index]) => index) };
  fs.writeFileSync(file, JSON.stringify({ replies, tokens, fallback, pad: padding }));
  return file;
}

module.exports = { loadSet, writeBodies, replyFor };
