#!/usr/bin/env node
'use strict';
/**
 * `node scripts/dashboard-screenshots.js`: the README's pictures of the dashboard (docs/*.png),
 * taken from a real simulator on the shipped scenarios with Debian's Chromium, and the Caller
 * view at 200 tokens (30 of them failing) from a second one. Run after a build.
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
    await callerShot(browser, dir);
  } finally {
    await browser.close();
    await sim.close(500);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const CARD = '{ client: { id: "1", name: Ann Lee, surname: Lee, firstname: Ann, type: "0", enabled: true } }';

/**
 * 200 callers of a chat server under test: most ask once; orders-0 to orders-29 expect one call
 * but retry a 503 at once (a burst: 503, 503, then the card), billing-* retry with a back-off,
 * and a few get 401 or a reset.
 */
function callerScenario() {
  const lines = [];
  for (let i = 0; i < 200; i++) {
    const token = i < 30 ? `orders-${i}` : i < 50 ? `billing-${i}` : i < 60 ? `audit-${i}` : `user-${i}`;
    if (i < 30)
      lines.push(`  ${token}: { sequence: [ { status: 503 }, { status: 503 }, ${CARD} ], expect: { calls: 1 } }`);
    else if (i < 50)
      lines.push(
        `  ${token}: { sequence: [ { status: 503 }, ${CARD} ], expect: { calls: 2, gap: { atLeast: 50ms } } }`,
      );
    else if (i < 55) lines.push(`  ${token}: { status: 401, expect: { calls: 1 } }`);
    else if (i < 60) lines.push(`  ${token}: { sequence: [ { fault: reset }, ${CARD} ], expect: { calls: 2 } }`);
    else lines.push(`  ${token}: ${CARD}`);
  }
  return `tokens:\n${lines.join('\n')}\n`;
}

/** The Caller view at 200 tokens: the picture the README shows of a verdict a person reads. */
async function callerShot(browser, dir) {
  fs.writeFileSync(path.join(dir, 'callers.yaml'), callerScenario());
  const sim = await runSimulator({ sources: { paths: ['callers.yaml'] }, port: 0, seed: 1 });
  try {
    // A reset fault ends the connection: the caller sees an error, the report a mark.
    const get = (token) =>
      fetch(`${sim.url}/rest/chat/client/id/${token}`)
        .then((r) => r.arrayBuffer())
        .catch(() => undefined);
    const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    for (let i = 0; i < 200; i++) {
      if (i < 30) await Promise.all([get(`orders-${i}`), get(`orders-${i}`), get(`orders-${i}`)]);
      else if (i < 50)
        await get(`billing-${i}`)
          .then(() => pause(60))
          .then(() => get(`billing-${i}`));
      else if (i < 55) await get(`audit-${i}`);
      else if (i < 60) await get(`audit-${i}`).then(() => get(`audit-${i}`));
      else if (i !== 199) await get(`user-${i}`);
      if (i % 40 === 0) await get(`ordres-${i}`);
    }
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${sim.url}/__admin/ui/#caller`);
    await page.waitForSelector('.cv-row[data-token]');
    await page.screenshot({ path: path.join(docs, 'dashboard-caller.png') });
  } finally {
    await sim.close(500);
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exitCode = 1;
});
