'use strict';
// The functions handed to page.evaluate run in the page.
/* global document, location */
/**
 * What the Caller view costs to draw at 1,000 tokens (issue 47), in Debian's Chromium at
 * 1400x900: the dashboard from opening `#caller` to its first page of rows (250, the rest paged),
 * the renderer alone over all 1,000 rows (the pure function both the dashboard and the HTML
 * report call), and the HTML report page from its bytes to its load event. A time, not a target:
 * it tells a change to the renderer that made it slower.
 */
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { median } = require('../compare');
const servers = require('../servers');
const { startServerProcess } = require('../process');

const TOKENS = 1000;
const FAILING = 100;
const RUNS = 5;

const name = (i) => `cv-${String(i).padStart(4, '0')}`;

/** 1,000 tokens: the first 100 expect two calls and get one (failing), the next 400 expect one. */
function writeScenario(dir) {
  const card = '{ id: "1", name: Ann Lee, surname: Lee, firstname: Ann, type: "0", enabled: true }';
  const lines = Array.from({ length: TOKENS }, (_, i) => {
    const expect = i < FAILING ? ', expect: { calls: 2 }' : i < 500 ? ', expect: { calls: 1 }' : '';
    return `  ${name(i)}: { client: ${card}${expect} }`;
  });
  const file = path.join(dir, 'caller-view.yaml');
  fs.writeFileSync(file, `tokens:\n${lines.join('\n')}\n`);
  return file;
}

/** Each token once, and every tenth three times at once (a burst), over 16 keep-alive connections. */
async function ask(url) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const get = (token) =>
    new Promise((resolve, reject) =>
      http
        .get(`${url}/rest/chat/client/id/${token}`, { agent }, (res) => res.resume().on('end', resolve))
        .on('error', reject),
    );
  const tokens = Array.from({ length: TOKENS }, (_, i) => name(i)).filter((t) => t !== name(TOKENS - 1));
  for (let i = 0; i < tokens.length; i += 16) await Promise.all(tokens.slice(i, i + 16).map(get));
  for (let i = 0; i < TOKENS; i += 10) await Promise.all([get(name(i)), get(name(i)), get(name(i))]);
  agent.destroy();
}

async function callerViewSection(ctx) {
  const { chromium } = require('playwright-core');
  const { CHROMIUM_LAUNCH } = require('../../scripts/chromium-launch');
  const file = writeScenario(ctx.dir);
  const handle = await startServerProcess(
    servers.authSim('auth-sim, 1,000 tokens', [file], { extraArgs: ctx.authArgs, probeToken: name(TOKENS - 1) }),
  );
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    await ask(handle.url);
    const html = await (await fetch(`${handle.url}/__admin/report?format=html`)).text();
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const dashboard = [];
    const renderer = [];
    const report = [];
    for (let run = 0; run < RUNS; run++) {
      // From a blank page each time: after setContent the same address would be a same-document hash change.
      await page.goto('about:blank');
      await page.goto(`${handle.url}/__admin/ui/#caller`);
      await page.waitForFunction(() => document.querySelectorAll('.cv-row').length === 250, undefined, {
        timeout: 30000,
      });
      dashboard.push(await page.evaluate(() => performance.now()));
      renderer.push(
        await page.evaluate(async () => {
          const { callerView } = await import('./vendor/caller-view.js');
          const json = await (await fetch(location.pathname.replace(/\/ui\/.*$/, '/report'))).json();
          const started = performance.now();
          const view = callerView(json);
          if (view.shown !== view.matching) throw new Error('not every row was drawn');
          return performance.now() - started;
        }),
      );
      await page.setContent(html, { waitUntil: 'load' });
      report.push(await page.evaluate(() => performance.now()));
    }
    const rows = await page.$$eval('.cv-row', (els) => els.length);
    return {
      id: 'caller-view',
      title: `the Caller view at ${TOKENS.toLocaleString('en-US')} tokens`,
      tokens: TOKENS,
      failing: FAILING,
      reportRows: rows,
      htmlBytes: Buffer.byteLength(html),
      runs: RUNS,
      dashboardMs: median(dashboard),
      rendererMs: median(renderer),
      htmlReportMs: median(report),
    };
  } finally {
    await browser.close();
    await handle.stop();
  }
}

module.exports = { callerViewSection };
