import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';

/** Debian's Chromium; never a downloaded browser. */
const CHROMIUM = '/usr/bin/chromium';

/** Why browser tests cannot run here, or null when they can. */
export function browserMissing(): string | null {
  return existsSync(CHROMIUM)
    ? null
    : `${CHROMIUM} is not installed (apt-get install -y chromium): the dashboard's browser tests are skipped`;
}

/**
 * A headless Chromium with nothing that reaches for the network. Playwright gives each launch a
 * fresh temporary profile (it refuses a --user-data-dir argument) and removes it on close.
 */
export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
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
  });
}
