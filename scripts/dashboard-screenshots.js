#!/usr/bin/env node
'use strict';
/**
 * `node scripts/dashboard-screenshots.js`: the README's pictures of the dashboard (docs/*.png),
 * taken from a real simulator on the shipped scenarios with Debian's Chromium. Run after a build.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { chromium } = require('playwright-core');
const { runSimulator } = require('../dist/server/run-simulator');
const { CHROMIUM_LAUNCH } = require('./chromium-launch');

const root = path.join(__dirname, '..');
const docs = path.join(root, 'docs');

async function main() {
  // Run from a scratch directory, so the pictures show short paths as a user's would (scenarios/...).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-sim-shots-'));
  fs.mkdirSync(path.join(dir, 'scenarios'));
  for (const name of ['retail.yaml', 'errors.yaml', 'corporate.yaml', 'every-field.yaml'])
    fs.copyFileSync(path.join(root, 'scenarios', name), path.join(dir, 'scenarios', name));
  process.chdir(dir);
  const sim = await runSimulator({ sources: { paths: ['scenarios'] }, port: 0, seed: 1 });
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 800 } });
    await page.goto(`${sim.url}/__admin/ui/`);
    await page.waitForSelector('.live:not(.off)');
    const get = (token) => fetch(`${sim.url}/rest/chat/client/id/${token}`).then((r) => r.arrayBuffer());
    const post = (token) =>
      fetch(`${sim.url}/rest/chat/client/id/`, { method: 'POST', headers: { token } }).then((r) => r.arrayBuffer());
    for (const step of [
      () => get('alice'),
      () => post('blocked'),
      () => get('alise'),
      () => post('expired'),
      () => get('crm-error'),
      () => get('bob-corp'),
      () => post('alice'),
    ])
      await step();
    await page.waitForSelector('tr[data-seq="7"]');
    await page.screenshot({ path: path.join(docs, 'dashboard-traffic.png') });
    await page.click('button[data-tab=tokens]');
    await page.click('a[data-token=full]');
    await page.waitForSelector('[data-test=wire]');
    await page.screenshot({ path: path.join(docs, 'dashboard-tokens.png'), fullPage: true });
    await page.click('button[data-tab=health]');
    const file = path.join(dir, 'scenarios', 'retail.yaml');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('surname: Ivanova', 'surnmae: Ivanova'));
    await page.waitForSelector('[data-test=problem]', { timeout: 10000 });
    await page.screenshot({ path: path.join(docs, 'dashboard-health.png') });
  } finally {
    await browser.close();
    await sim.close(500);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exitCode = 1;
});
