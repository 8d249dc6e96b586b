import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LaunchOptions, Page } from 'playwright-core';
import { oncePerRun, testRunDir } from './test-run-dir';

/** Debian's Chromium and how it is launched, shared with scripts/dashboard-screenshots.js. */
const { CHROMIUM, CHROMIUM_LAUNCH: LAUNCH } = require('../../scripts/chromium-launch') as {
  CHROMIUM: string;
  CHROMIUM_LAUNCH: LaunchOptions;
};

/** Why browser tests cannot run here, or null when they can. */
export function browserMissing(): string | null {
  return existsSync(CHROMIUM)
    ? null
    : `${CHROMIUM} is not installed (apt-get install -y chromium): the dashboard's browser tests are skipped`;
}

/**
 * Playwright's browser server in a node process of its own (hosted by a worker, it would stall
 * whenever that worker's suite blocks its event loop): it prints its endpoint, and closes the
 * browser on SIGTERM (globalTeardown) or once the process that started it is gone.
 */
const SERVER = `
const { chromium } = require('playwright-core');
const [, owner, options] = process.argv;
chromium.launchServer(JSON.parse(options)).then((server) => {
  process.stdout.write(server.wsEndpoint() + '\\n');
  const stop = () => server.close().finally(() => process.exit(0));
  process.on('SIGTERM', stop);
  setInterval(() => {
    try { process.kill(Number(owner), 0); } catch { stop(); }
  }, 500).unref();
});
`;

/** Starts the browser server and resolves with its endpoint. */
function startServer(): Promise<string> {
  const root = path.resolve(__dirname, '..', '..');
  const child = spawn(process.execPath, ['-e', SERVER, String(process.pid), JSON.stringify(LAUNCH)], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  writeFileSync(path.join(testRunDir(), 'chromium.pid'), String(child.pid));
  let out = '';
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the Chromium server exited with ${code} before it listened`)));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (!out.includes('\n')) return;
      child.removeAllListeners('exit');
      child.stdout.destroy();
      child.unref();
      resolve(out.trim());
    });
  });
}

/** A suite's view of the browser: pages in one context of its own, and close(). */
export interface SuiteBrowser {
  newPage(): Promise<Page>;
  /** Disconnects, closing the suite's context and its pages. */
  close(): Promise<void>;
}

/**
 * This run's one Chromium (started by the first suite that asks; a launch per suite costs a
 * second or more): each suite connects and gets a context of its own, so suites share no cookies
 * or storage. Its tests open a page each in that context (a context per page would start a
 * renderer for each, twice the CPU) on a simulator of their own, a new origin, so they share no
 * storage either (the dashboard keeps its secret in sessionStorage, which is per page anyway).
 */
export async function launchChromium(): Promise<SuiteBrowser> {
  const endpoint = await oncePerRun('chromium', 'the Chromium another suite starts', () => startServer());
  const { chromium } = await import('playwright-core');
  const browser = await chromium.connect(endpoint);
  const context = await browser.newContext();
  return { newPage: () => context.newPage(), close: () => browser.close() };
}
