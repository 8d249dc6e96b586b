'use strict';
/** The bench's sections in order; those whose feature has not landed are skipped with a note. */
const fs = require('node:fs');
const { CHROMIUM } = require('../../scripts/chromium-launch');
const servers = require('../servers');
const { generatorSection } = require('./generator');
const { handSection, mixSection } = require('./throughput');
const { requestLogSection } = require('./request-log');
const { syntheticSection, syntheticBodies, syntheticTokens } = require('./synthetic');
const { journalSection, journalInstructions } = require('./journal');
const { callgrindAvailable } = require('../instructions');
const { startupCase } = require('./startup');
const { fileStylesCase } = require('./file-styles');
const { reloadSection } = require('./reload');
const { limitsSection } = require('./limits');
const { tlsSection } = require('./tls');
const { redisSection, redisAvailable } = require('./redis');
const { dashboardSection } = require('./dashboard');
const { callerReportSection } = require('./caller-report');
const { metricsSection } = require('./metrics');
const { callerViewSection } = require('./caller-view');
const { handTokens } = require('./throughput');

/** auth-sim over one file, under the name targets.js looks for. */
function authStart(ctx, file, probeToken) {
  return servers.authSim(servers.AUTH_START, [file], { extraArgs: ctx.authArgs, probeToken });
}

/**
 * Startup cases, pushed onto `cases` as each ends (the 1-token line is judged within the first
 * minute, before the synthetic populations' starts take minutes): 1 card and the hand-written set
 * against the baselines, then each synthetic population.
 */
async function startupSections(ctx, features, attempt, cases) {
  const one = await attempt('startup, 1 hand-written token', () =>
    startupCase(ctx, {
      id: 'startup-one',
      title: '1 hand-written token',
      authSpec: authStart(ctx, ctx.fixtures.one, 'hand-0000'),
      baselineSpecs: [
        servers.baselineFromYaml('baseline (same YAML file)', ctx.fixtures.one, { probeToken: 'hand-0000' }),
      ],
      load: { method: 'GET', tokens: ['hand-0000'], seed: 5 },
    }),
  );
  if (one) cases.push(one);
  const hand = await attempt('startup, 1,000 hand-written tokens', () =>
    startupCase(ctx, {
      id: 'startup-hand',
      title: '1,000 hand-written tokens',
      authSpec: authStart(ctx, ctx.fixtures.hand, 'hand-0000'),
      baselineSpecs: [
        servers.baseline('baseline (ready bytes)', ctx.bodies.hand, { probeToken: 'hand-0000' }),
        servers.baselineFromYaml('baseline (same YAML file)', ctx.fixtures.hand, { probeToken: 'hand-0000' }),
      ],
      load: { method: 'GET', tokens: handTokens(), seed: 5 },
    }),
  );
  if (hand) cases.push(hand);
  if (!features.synthetic) return;
  for (const count of ctx.syntheticStartupCounts) {
    const file = ctx.fixtures.synth[count];
    const result = await attempt(`startup, ${count} synthetic tokens`, async () =>
      startupCase(ctx, {
        id: `startup-synth-${count}`,
        title: `${count.toLocaleString('en-US')} synthetic tokens`,
        authSpec: authStart(ctx, file, 'synth-1'),
        baselineSpecs: [
          servers.baseline('baseline (ready bytes)', await syntheticBodies(ctx, count, file), {
            probeToken: 'synth-1',
          }),
        ],
        load: count ? { method: 'GET', tokens: syntheticTokens(count), seed: 5 } : undefined,
      }),
    );
    if (result) cases.push(result);
  }
}

/** Whether to count `what` in instructions (callgrind): not with --no-callgrind, in --quick (unless named) or without valgrind; else a note says so. */
function countInstructions(options, notes, what) {
  if (!options.callgrind) notes.push(`--no-callgrind: ${what} was not counted in instructions`);
  else if (options.quick && !options.explicit)
    notes.push(`--quick skips counting ${what} in instructions; run without --quick for it`);
  else if (!callgrindAvailable())
    notes.push(`valgrind is not installed (Debian: apt-get install valgrind): ${what} was not counted in instructions`);
  else return true;
  return false;
}

/** Sections --quick leaves out (unless named with --only) to stay under a minute. */
const QUICK_SKIPS = ['hand-post', 'mix'];

/**
 * Runs the selected sections in turn, filling `out` ({sections, startup} and generator,
 * journalInstructions, reload, pendingNotes) as each ends, so a caller can judge what has run.
 */
async function runSections(ctx, options, features, attempt, out) {
  const on = (id) => options.only.includes(id);
  const notes = [];
  const push = (result) => result && out.sections.push(result);
  if (on('generator') && options.quick && !options.explicit)
    notes.push('--quick skips the load generator check; run without --quick for it');
  else if (on('generator')) out.generator = await attempt('load generator headroom', () => generatorSection(ctx));
  if (on('hand-get')) push(await attempt('GET, hand-written tokens', () => handSection(ctx, 'GET')));
  const skipInQuick = (id) => options.quick && QUICK_SKIPS.includes(id) && !options.explicit;
  if (on('hand-post') && skipInQuick('hand-post')) notes.push('--quick skips POST; run without --quick for it');
  else if (on('hand-post')) push(await attempt('POST, hand-written tokens', () => handSection(ctx, 'POST')));
  if (on('mix') && skipInQuick('mix')) notes.push('--quick skips the mix; run without --quick for it');
  else if (on('mix')) push(await attempt('mix with unknown tokens and errors', () => mixSection(ctx)));
  if (on('request-log')) {
    const counted = countInstructions(options, notes, 'the defaults against the bare server');
    const label = `request log: defaults vs bare, --quiet --no-journal, one live session${counted ? ', then callgrind' : ''}`;
    push(await attempt(label, () => requestLogSection(ctx, { counted })));
  }
  if (on('synth') && features.synthetic)
    push(await attempt('1M synthetic population', () => syntheticSection(ctx, 1000000)));
  else if (on('synth'))
    notes.push('synthetic populations (issue 4) are not in this build: the synthetic sections were skipped');
  if (on('journal') && features.journalOff) push(await attempt('request journal on/off', () => journalSection(ctx)));
  else if (on('journal'))
    notes.push('no journal flag (--journal-size/--no-journal, issue 6) in this build: the journal section was skipped');
  if (on('journal') && features.journalOff && countInstructions(options, notes, "the journal's cost"))
    out.journalInstructions = await attempt('request journal on/off, instructions (callgrind)', () =>
      journalInstructions(ctx),
    );
  if (on('caller-report')) push(await attempt('caller report on/off', () => callerReportSection(ctx)));
  if (on('metrics')) {
    const counted = countInstructions(options, notes, "the metrics' cost");
    push(await attempt('metrics on/off', () => metricsSection(ctx, { counted })));
  }
  if (on('limits'))
    push(await attempt('unknown tokens by known-token count, and the journal read stall', () => limitsSection(ctx)));
  if (on('tls')) push(await attempt('HTTPS vs bare node:https', () => tlsSection(ctx)));
  if (on('redis') && redisAvailable()) push(await attempt('--redis vs local state', () => redisSection(ctx)));
  else if (on('redis'))
    notes.push(
      '/usr/bin/redis-server is not installed (apt-get install redis-server): the --redis section was skipped',
    );
  if (on('dashboard')) push(await attempt('dashboard open/closed', () => dashboardSection(ctx)));
  if (on('caller-view') && fs.existsSync(CHROMIUM))
    push(await attempt('the Caller view at 1,000 tokens', () => callerViewSection(ctx)));
  else if (on('caller-view'))
    notes.push(`${CHROMIUM} is not installed (apt-get install chromium): the Caller view section was skipped`);
  if (on('startup')) await startupSections(ctx, features, attempt, out.startup);
  if (on('file-styles'))
    out.startup.push(
      ...[await attempt('startup per file style, 1,000 tokens', () => fileStylesCase(ctx))].filter(Boolean),
    );
  if (on('reload') && features.reload) out.reload = await attempt('hot reload latency', () => reloadSection(ctx));
  else if (on('reload'))
    notes.push('bench/reload-latency.js (issue 3) is not in this tree: the reload section was skipped');
  out.pendingNotes = notes;
}

module.exports = { runSections };
