'use strict';
/**
 * `npm run bench [-- --quick] [-- --only hand-get,startup]`: auth-sim against a bare node:http
 * baseline, both as separate processes, interleaved; writes bench/results/<name>.md and .json.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { describeMachine, describeBuild, cpuSpeedSummary } = require('./machine');
const { writeFixtures } = require('./fixtures');
const { loadSet, writeBodies } = require('./bodies');
const { evaluateTargets } = require('./targets');
const { writeReport } = require('./report');
const { ROOT } = require('./servers');
const { loadGenerator } = require('./load');

const SECTION_IDS = [
  'generator',
  'hand-get',
  'hand-post',
  'mix',
  'request-log',
  'synth',
  'journal',
  'caller-report',
  'metrics',
  'dashboard',
  'caller-view',
  'tls',
  'redis',
  'limits',
  'startup',
  'file-styles',
  'reload',
];

/** A mistake in the command line: reported in one line, without a stack trace. */
class UsageError extends Error {}

const FLAGS = ['--quick', '--no-callgrind'];
const VALUED = ['--only', '--seconds', '--rounds', '--out'];

function parseArgs(argv) {
  for (let i = 0; i < argv.length; i++) {
    if (VALUED.includes(argv[i])) {
      if (argv[i + 1] === undefined || argv[i + 1].startsWith('--')) throw new UsageError(`${argv[i]} needs a value`);
      i++;
    } else if (!FLAGS.includes(argv[i])) {
      throw new UsageError(
        `unknown argument ${argv[i]}; options: ${[...FLAGS, ...VALUED.map((f) => `${f} <value>`)].join(', ')}`,
      );
    }
  }
  const value = (name) => {
    const i = argv.indexOf(name);
    return i === -1 ? undefined : argv[i + 1];
  };
  const count = (name, fallback) => {
    const given = value(name);
    if (given === undefined) return fallback;
    const n = Number(given);
    if (!(n > 0)) throw new UsageError(`${name} takes a positive number, not ${JSON.stringify(given)}`);
    return n;
  };
  const quick = argv.includes('--quick');
  const only = value('--only') ? value('--only').split(',') : SECTION_IDS;
  const unknown = only.filter((id) => !SECTION_IDS.includes(id));
  if (unknown.length)
    throw new UsageError(`unknown section(s) ${unknown.join(', ')}; known: ${SECTION_IDS.join(', ')}`);
  return {
    quick,
    callgrind: !argv.includes('--no-callgrind'),
    only,
    explicit: value('--only') !== undefined,
    seconds: count('--seconds', quick ? 1.5 : 10),
    rounds: count('--rounds', quick ? 1 : 3),
    out: value('--out') || (quick ? 'quick' : 'latest'),
  };
}

/** Which of the features the bench measures are in this build (the others land separately). */
function detectFeatures() {
  const help = execFileSync(process.execPath, [path.join(ROOT, 'bin/auth-sim.js'), 'serve', '--help'], {
    encoding: 'utf8',
  });
  const schema = require('../dist/scenario/schema/scenario-schema').scenarioFileSchema();
  const { reloadAvailable } = require('./sections/reload');
  let journalOff = null;
  if (help.includes('--journal-size')) journalOff = ['--journal-size', '0'];
  else if (help.includes('--no-journal')) journalOff = ['--no-journal'];
  return { synthetic: Boolean(schema.properties.generate), journalOff, reload: reloadAvailable() };
}

/** Everything the sections share: options, fixture paths, the baseline's bodies. */
async function prepare(options, features) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-sim-bench-'));
  const synthCounts = features.synthetic ? [0, 100000, 1000000] : [];
  const fixtures = writeFixtures(dir, { synthCounts });
  const bodies = {};
  for (const name of ['hand', 'mix'])
    bodies[name] = writeBodies(path.join(dir, `${name}-bodies.json`), await loadSet([fixtures[name]]));
  return {
    dir,
    fixtures,
    bodies,
    runOptions: {
      rounds: options.rounds,
      seconds: options.seconds,
      warmupSeconds: options.quick ? 0.5 : 2,
      // Before each timed run, wait (up to maxMs) for the rest of the machine to go quiet.
      quiet: { maxMs: options.quick ? 0 : 8000 },
    },
    authArgs: [],
    freshDir: (prefix) => fs.mkdtempSync(path.join(dir, prefix)),
    journalOnArgs: [],
    journalOffArgs: features.journalOff,
    // The journal's few per cent, and HTTPS a few per cent from its line, need more rounds to show
    // through a shared machine's drift.
    journalRounds: Math.max(options.rounds, options.quick ? 3 : 5),
    startupTimes: options.quick ? 1 : 5,
    syntheticStartupCounts: options.quick ? [0, 1000000] : [0, 100000, 1000000],
    startupLoadSeconds: options.quick ? 0.5 : 2,
    reloadRuns: options.quick ? 3 : 20,
    syntheticSample: options.quick ? 1024 : 4096,
  };
}

/**
 * Prints each target line to stderr as soon as the sections it needs have run (a long run's first
 * lines are read minutes before its report), once each.
 */
function announcer(results) {
  const told = new Set();
  return () => {
    for (const t of evaluateTargets(results)) {
      if (t.status === 'not measured' || told.has(t.name)) continue;
      told.add(t.name);
      const rounds = t.shownRounds ? ` (rounds ${t.shownRounds})` : '';
      const counted = t.shownCounted ? ` callgrind ${t.shownCounted};` : '';
      process.stderr.write(`bench:   ${t.name}: ${t.shown}${rounds};${counted} ${t.status}\n`);
    }
  };
}

/** Runs one section; a failure is recorded as a note and the rest of the bench goes on. */
async function attempt(label, notes, fn, announce) {
  // The sections before this one are in `results` by now; their lines are judged first.
  announce();
  const started = performance.now();
  process.stderr.write(`bench: ${label} ...`);
  try {
    const result = await fn();
    process.stderr.write(` ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    return result;
  } catch (error) {
    process.stderr.write(` failed\n${error.stack}\n`);
    notes.push(`${label} failed: ${String(error.message).split('\n')[0]}`);
    return undefined;
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const command = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
  const started = performance.now();
  const machine = describeMachine();
  const features = detectFeatures();
  const ctx = await prepare(options, features);
  const { runSections } = require('./sections');
  const results = {
    command,
    build: describeBuild(),
    date: new Date().toISOString(),
    machine,
    options: { ...options, connections: 50, generator: loadGenerator() },
    features,
    notes: [],
    sections: [],
    startup: [],
  };
  const announce = announcer(results);
  try {
    await runSections(ctx, options, features, (label, fn) => attempt(label, results.notes, fn, announce), results);
    announce();
    results.notes.push(...results.pendingNotes);
    delete results.pendingNotes;
  } finally {
    fs.rmSync(ctx.dir, { recursive: true, force: true });
  }
  results.durationSeconds = Math.round((performance.now() - started) / 1000);
  results.machine.cpuSpeed = cpuSpeedSummary();
  results.machine.loadAverageAtEnd = os.loadavg().map((n) => Number(n.toFixed(2)));
  results.targets = evaluateTargets(results);
  const resultsDir = path.join(__dirname, 'results');
  const markdown = writeReport(resultsDir, results, options.out);
  process.stdout.write(markdown);
  const written = path.relative(process.cwd(), path.resolve(resultsDir, options.out));
  process.stderr.write(`bench: done in ${results.durationSeconds} s; wrote ${written}.md and .json\n`);
}

main().catch((error) => {
  process.stderr.write(`bench: ${error instanceof UsageError ? error.message : error.stack}\n`);
  process.exitCode = error instanceof UsageError ? 2 : 1;
});
