'use strict';
/** Turns a run's results into the Markdown report and writes it, with the JSON, under bench/results/. */
const fs = require('node:fs');
const path = require('node:path');

const int = (x) => (x === undefined || x === null ? '-' : Math.round(x).toLocaleString('en-US'));
const dec = (x, d = 2) => (x === undefined || x === null || Number.isNaN(x) ? '-' : x.toFixed(d));
const mb = (x) => (x ? `${(x / 1024 ** 2).toFixed(0)} MB` : '-');
const cpu = (x) => (x === undefined ? '-' : `${Math.round(x * 100)}%`);

function table(header, rows) {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

function throughputRows(section) {
  const base = section.servers[0];
  return section.servers.map((s) => [
    section.title,
    s.name,
    int(s.rps),
    dec(s.p50, 1),
    dec(s.p99, 1),
    mb(s.peakRss),
    cpu(s.serverCpu),
    dec(s.cpuUs, 0),
    cpu(s.generatorCpu),
    cpu(s.otherCpu),
    s === base ? '1' : dec(s.rps / base.rps),
    s === base ? '1' : dec(s.p99 / base.p99),
    s.errors ? `${s.errors} errors` : statuses(s.statuses),
  ]);
}

function statuses(map) {
  return Object.entries(map || {})
    .map(([code, n]) => `${code}: ${int(n)}`)
    .join(', ');
}

function startupRows(section) {
  return section.servers.map((s) => [
    section.title,
    s.name,
    int(s.startupMs),
    s.startups.join(', '),
    mb(s.rssAtStart),
    mb(s.rss),
    mb(s.peakRss),
  ]);
}

/** "met" and "missed" in bold, also where callgrind decided ("**met** by callgrind: rounds straddle"). */
function shownStatus(status) {
  return status.replace(/^(met|missed)\b/, '**$1**');
}

function renderTargets(targets) {
  return table(
    ['target', 'goal', 'figure (median)', 'rounds', 'callgrind', 'status', 'cross-check'],
    targets.map((t) => [t.name, t.goal, t.shown, t.shownRounds, t.shownCounted, shownStatus(t.status), t.also]),
  );
}

/** The whole Markdown report. */
function renderMarkdown(r) {
  const m = r.machine;
  const parts = [
    `# auth-sim benchmark`,
    '',
    `Command: \`${r.command}\`  `,
    ...(r.build ? [`Build: ${r.build}  `] : []),
    `Date: ${r.date}  `,
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, ${m.platform}, Node ${m.node}; load average at start ${m.loadAverage.join(' / ')}${m.loadAverageAtEnd ? `, at end ${m.loadAverageAtEnd.join(' / ')}` : ''}  `,
    ...(m.cpuSpeed
      ? [
          `CPU speed check: a fixed loop before each of ${m.cpuSpeed.probes} timed runs took ${m.cpuSpeed.fastestMs} ms at best, ${m.cpuSpeed.medianMs} ms median, ${m.cpuSpeed.slowestMs} ms at worst (a wide spread means the machine's speed moved during the run, which interleaving cancels only in part)  `,
        ]
      : []),
    `Load: ${r.options.generator ?? 'autocannon'}, ${r.options.connections} connections, pipelining 1, ${r.options.seconds} s per run, ${r.options.rounds} interleaved round(s) per server (baseline, auth-sim, baseline, auth-sim, ...), medians reported; a random token per request (seeded).`,
    '',
    '## Targets',
    '',
    "A timed line is met when the median of at least three interleaved rounds reaches it (fewer rounds: not judged); only where the rounds straddle the line does callgrind's count for the same comparison, shown in the line's own terms, decide. A memory line, a worst case and a count are judged on their figure.",
    '',
    renderTargets(r.targets),
    '',
    '## Throughput and latency',
    '',
    "Ratios are auth-sim / baseline in the same section. CPU is the share of one core used by the server process, by the load generator and by everything else on the machine during the run (other CPU well above 0% means a busy neighbour, and the figures are noisy). Server CPU µs/req is the server's CPU time per answered request, the figure a busy machine disturbs least.",
    '',
    table(
      [
        'case',
        'server',
        'req/s',
        'p50 ms',
        'p99 ms',
        'peak RSS',
        'server CPU',
        'server CPU µs/req',
        'generator CPU',
        'other CPU',
        'req/s ratio',
        'p99 ratio',
        'answers',
      ],
      r.sections.filter((s) => s.servers).flatMap(throughputRows),
    ),
  ];
  if (r.generator)
    parts.push(
      '',
      `Load generator check: the trivial server (no lookup, one ready reply) reached ${dec(r.generator.headroom)}x the baseline's rate under the same generator; generator CPU during baseline runs ${cpu(r.generator.servers[1].generatorCpu)}: ${r.generator.verdict}.`,
    );
  const journal = r.sections.find((s) => s.id === 'journal');
  if (journal) {
    const range = journal.cpuCostRange
      ? `, rounds ${journal.cpuCostRange.map((c) => `${dec(c * 100, 1)}%`).join(' to ')}`
      : '';
    const ofMedians =
      journal.cpuCostOfMedians !== undefined
        ? `; from the medians of each server's runs instead: ${dec(journal.cpuCostOfMedians * 100, 1)}%`
        : '';
    parts.push(
      '',
      `Journal cost, the median of each round's on/off pair (run back to back, alternating order): ${dec(journal.cpuCost * 100, 1)}% server CPU per request${range}; ${dec(journal.cost * 100, 1)}% of throughput. Medians of the runs: on ${dec(journal.servers[1].cpuUs, 1)} vs off ${dec(journal.servers[2].cpuUs, 1)} µs, ${int(journal.servers[1].rps)} vs ${int(journal.servers[2].rps)} req/s${ofMedians}.`,
    );
  }
  const limits = r.sections.find((s) => s.id === 'limits');
  if (limits && limits.stall) {
    const s = limits.stall;
    parts.push(
      '',
      `Journal read stall: GET /__admin/requests read a full ${int(s.journalSize)}-entry journal (${mb(s.readBytes)}) in ${int(s.readMs)} ms; ${int(s.probes)} protocol GETs sent one after another meanwhile took at most ${dec(s.stallMs, 1)} ms, p99 ${dec(s.p99Ms, 1)} ms; the same probes for as long again with no read going on took at most ${dec(s.quietMaxMs, 1)} ms, p99 ${dec(s.quietP99Ms, 1)} ms (the machine's own noise).`,
    );
  }
  const tls = r.sections.find((s) => s.id === 'tls');
  if (tls)
    parts.push(
      '',
      `HTTPS, auth-sim / bare node:https (same certificate and bytes, keep-alive connections, same run): ${dec(tls.ratios.rps)}x the requests per second, ${dec(tls.ratios.cpuUs)}x the server CPU per request, ${dec(tls.ratios.p99)}x the p99 latency.`,
    );
  const redis = r.sections.find((s) => s.id === 'redis');
  if (redis)
    parts.push(
      '',
      `--redis / local state (same run): static cards ${dec(redis.ratios.staticRps)}x the requests per second (target >= 0.9x); stateful tokens (one Redis round trip each) p99 ${dec(redis.p99.statefulRedis, 1)} ms with --redis vs ${dec(redis.p99.statefulLocal, 1)} ms local, ${dec(redis.ratios.statefulRps)}x the requests per second.`,
    );
  const callers = r.sections.find((s) => s.id === 'caller-report');
  if (callers) {
    const m = callers.memory;
    parts.push(
      '',
      `Caller report cost, the median of each round's on/off pair: ${dec(callers.cost * 100, 1)}% of throughput (rounds ${callers.costRange.map((c) => `${dec(c * 100, 1)}%`).join(' to ')}), ${dec(callers.cpuCost * 100, 1)}% server CPU per request; target <= 5%. Its memory bound: ${int(m.requests)} requests for as many distinct unknown tokens (journal off) grew the RSS by ${mb(m.growth)} (${mb(m.rssBefore)} to ${mb(m.rssAfter)}, in ${dec(m.seconds, 1)} s); target < 30 MB.`,
    );
  }
  const metrics = r.sections.find((s) => s.id === 'metrics');
  if (metrics) {
    const counted = metrics.instructions;
    parts.push(
      '',
      `Metrics cost, the median of each round's on/--no-metrics pair: ${dec(metrics.cost * 100, 1)}% of throughput (rounds ${metrics.costRange.map((c) => `${dec(c * 100, 1)}%`).join(' to ')}), ${dec(metrics.cpuCost * 100, 1)}% server CPU per request; target <= 2%.${counted ? ` In instructions per request (callgrind, the median of ${counted.counts.on.length} runs each): on ${int(counted.on)} vs off ${int(counted.off)}, ${dec(counted.cost * 100, 1)}% (runs: on ${counted.counts.on.map(int).join(', ')}; off ${counted.counts.off.map(int).join(', ')}).` : ''}`,
    );
  }
  const dashboard = r.sections.find((s) => s.id === 'dashboard');
  if (dashboard) {
    parts.push(
      '',
      `Dashboard open vs closed (a client holding GET /__admin/events, which got ${int(dashboard.streamed.entries)} request entries and was told of ${int(dashboard.streamed.skipped)} skipped): throughput open / closed ${dec(dashboard.openToClosed, 3)}x, the median of each round's pair (rounds ${dashboard.openToClosedRange.map((x) => dec(x, 3)).join(' to ')}); target >= 0.9x.${dashboard.manyToClosed === undefined ? '' : ` With ${dashboard.manyStreams} streams open, all read: ${dec(dashboard.manyToClosed, 3)}x (rounds ${dashboard.manyToClosedRange.map((x) => dec(x, 3)).join(' to ')}); target >= 0.8x.`}`,
    );
  }
  const view = r.sections.find((s) => s.id === 'caller-view');
  if (view) {
    parts.push(
      '',
      `The Caller view at ${int(view.tokens)} tokens (${int(view.failing)} failing; Chromium at 1400x900, the median of ${view.runs} runs): the dashboard from opening #caller to its first page of 250 rows ${dec(view.dashboardMs, 0)} ms; the renderer alone over all ${int(view.tokens)} rows ${dec(view.rendererMs, 1)} ms; the HTML report (${int(view.reportRows)} rows, ${int(view.htmlBytes)} bytes) to its load event ${dec(view.htmlReportMs, 0)} ms.`,
    );
  }
  const counted = r.journalInstructions;
  if (counted) {
    parts.push(
      '',
      `Journal cost in instructions (valgrind's callgrind, every thread of the server, ${int(counted.requests)} GETs on ${counted.connections} keep-alive connections after ${int(counted.warmup)} of warm-up, ${counted.counts ? `the median of ${counted.runs} runs each, on, off${counted.baseline ? ' and the baseline' : ''} alternating` : 'one run each'}): on ${int(counted.on)} vs off ${int(counted.off)} per request, ${dec(counted.cost * 100, 1)}%${counted.counts ? ` (runs: on ${counted.counts.on.map(int).join(', ')}; off ${counted.counts.off.map(int).join(', ')})` : ''}.${counted.baseline ? ` The bare baseline under the same count: ${int(counted.baseline)} per request (runs: ${counted.counts.baseline.map(int).join(', ')}), so auth-sim / baseline is ${dec(counted.on / counted.baseline, 3)}x with the journal on and ${dec(counted.off / counted.baseline, 3)}x off.` : ''} A count, not a time: cache misses and the kernel's share are not in it, but a busy neighbour cannot move it either.`,
    );
  }
  if (r.startup.length) {
    parts.push(
      '',
      '## Startup and memory',
      '',
      'Startup: from spawning `node` to the first complete HTTP response (median of the starts listed). The file-styles case holds the same 1,000 hand-written tokens written in each style against a 1-token file. RSS: at first response, after a short random-token load, and the peak (VmHWM).',
      '',
    );
    parts.push(
      table(
        ['case', 'server', 'startup ms', 'starts (ms)', 'RSS at start', 'RSS after load', 'peak RSS'],
        r.startup.flatMap(startupRows),
      ),
    );
  }
  if (r.reload) {
    parts.push(
      '',
      '## Hot reload',
      '',
      table(
        ['file', 'runs', 'median ms', 'worst ms'],
        r.reload.cases.map((c) => [`${int(c.tokens)} tokens`, c.runs, dec(c.medianMs, 1), dec(c.worstMs, 1)]),
      ),
    );
  }
  if (r.notes.length) parts.push('', '## Notes', '', ...r.notes.map((n) => `- ${n}`));
  return parts.join('\n') + '\n';
}

/**
 * Writes `<name>.md` and `<name>.json` into `dir` (a `name` with a path of its own, such as
 * `/tmp/try`, is resolved from `dir`, so a trial run can write elsewhere); returns the Markdown.
 */
function writeReport(dir, r, name = 'latest') {
  const base = path.resolve(dir, name);
  fs.mkdirSync(path.dirname(base), { recursive: true });
  const markdown = renderMarkdown(r);
  fs.writeFileSync(`${base}.md`, markdown);
  fs.writeFileSync(`${base}.json`, JSON.stringify(r, null, 2) + '\n');
  return markdown;
}

module.exports = { writeReport, renderMarkdown };
