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
  /** A blank page: the one a test gave back with release(), else a new one. */
  newPage(): Promise<Page>;
  /**
   * Gives a test's page back for the next newPage(), as blank as a new one: its listeners and
   * request routes gone (a route left on would catch the next test's requests), its origin's
   * sessionStorage cleared (a later simulator may get the same port), at about:blank (the
   * dashboard's event stream ends as on close). A page that will not go blank is closed.
   */
  release(page: Page | undefined): Promise<void>;
  /** Disconnects, closing the suite's context and its pages. */
  close(): Promise<void>;
}

/** Empties a page for the next test, or throws. */
async function blank(page: Page): Promise<void> {
  page.removeAllListeners();
  // 'ignoreErrors': a route still holding a request (its test ended first) must not fail the release.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  if (/^https?:/.test(page.url())) await page.evaluate('sessionStorage.clear()');
  await page.goto('about:blank');
}

/**
 * This run's one Chromium (started by the first suite that asks; a launch per suite costs a
 * second or more): each suite connects and gets a context of its own, so suites share no cookies
 * or storage. Its tests take turns on one page in that context: a new page starts a renderer
 * process and its set-up in the browser, ~0.7 s of CPU each (a context per page costs twice
 * that). Each test still opens the dashboard in a new document, and release() clears the
 * sessionStorage where the dashboard keeps its secret. `javaScriptEnabled: false` opens pages
 * with scripts off, as a reader of the HTML report may.
 */
export async function launchChromium(options: { javaScriptEnabled?: boolean } = {}): Promise<SuiteBrowser> {
  const endpoint = await oncePerRun('chromium', 'the Chromium another suite starts', () => startServer());
  const { chromium } = await import('playwright-core');
  const browser = await chromium.connect(endpoint);
  const context = await browser.newContext(options);
  let spare: Page | undefined;
  return {
    newPage: async () => {
      const page = spare && !spare.isClosed() ? spare : await context.newPage();
      spare = undefined;
      return page;
    },
    release: async (page) => {
      if (!page || page === spare || page.isClosed()) return;
      try {
        await blank(page);
      } catch {
        await page.close();
        return;
      }
      if (spare) await page.close();
      else spare = page;
    },
    close: () => browser.close(),
  };
}
