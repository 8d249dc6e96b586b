import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, LaunchOptions } from 'playwright-core';
import { oncePerRun, testRunDir } from './test-run-dir';

/** Debian's Chromium; never a downloaded browser. */
const CHROMIUM = '/usr/bin/chromium';

/** Why browser tests cannot run here, or null when they can. */
export function browserMissing(): string | null {
  return existsSync(CHROMIUM)
    ? null
    : `${CHROMIUM} is not installed (apt-get install -y chromium): the dashboard's browser tests are skipped`;
}

/**
 * A headless Chromium with nothing that reaches for the network. Playwright gives each context a
 * fresh profile (it refuses a --user-data-dir argument) and removes it on close.
 */
const LAUNCH: LaunchOptions = {
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

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

/**
 * This run's one Chromium (started by the first suite that asks; a launch per suite costs a
 * second or more): each suite connects, opens pages (each page its own context, so suites share
 * no cookies or storage), and close() disconnects it, closing the contexts it made.
 */
export async function launchChromium(): Promise<Browser> {
  const endpoint = await oncePerRun('chromium', 'the Chromium another suite starts', () => startServer());
  const { chromium } = await import('playwright-core');
  return chromium.connect(endpoint);
}
