'use strict';
/**
 * `node bench/readme-table.js bench/results/<name>.json`: the README's Performance table from one
 * bench run, printed as Markdown to paste: the run's date, command and machine load above it, then
 * each target line the run measured, with its median, rounds, callgrind figure and status as the
 * run judged them (bench/judge.js).
 */
const fs = require('node:fs');
const path = require('node:path');

const cell = (text) => String(text).replaceAll('|', '\\|');

/** The Markdown for a run's results; `link` is the report's path as the README links it. */
function readmeTable(results, link) {
  const m = results.machine;
  const lines = results.targets.filter((t) => t.status !== 'not measured');
  const rows = lines.map((t) =>
    [t.name, t.goal, t.shown, t.shownRounds || '-', t.shownCounted || '-', t.status].map(cell),
  );
  return [
    `\`${results.command}\` ([how](bench/README.md), [report](${link})), ${results.date.slice(0, 10)}: ${m.cpu}, ${m.cores} cores, Node ${m.node}; load average at start ${m.loadAverage.join(' / ')}${m.loadAverageAtEnd ? `, at end ${m.loadAverageAtEnd.join(' / ')}` : ''}.`,
    '',
    '| line | target | median | rounds | callgrind | status |',
    '|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
  ].join('\n');
}

function main(argv) {
  if (argv.length !== 1) {
    process.stderr.write('usage: node bench/readme-table.js bench/results/<name>.json\n');
    return 2;
  }
  let results;
  try {
    results = JSON.parse(fs.readFileSync(argv[0], 'utf8'));
  } catch (error) {
    process.stderr.write(`readme-table: cannot read ${argv[0]}: ${error.message}\n`);
    return 2;
  }
  if (!Array.isArray(results.targets)) {
    process.stderr.write(`readme-table: ${argv[0]} has no targets; is it a bench run's .json?\n`);
    return 2;
  }
  const report = path.relative(path.join(__dirname, '..'), path.resolve(argv[0])).replace(/\.json$/, '.md');
  process.stdout.write(readmeTable(results, report));
  return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));

module.exports = { readmeTable };
