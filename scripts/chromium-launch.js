'use strict';
/**
 * How auth-sim drives Debian's Chromium (never a downloaded browser), for the dashboard's browser
 * tests (test/helpers/browser.ts) and its README pictures (scripts/dashboard-screenshots.js):
 * headless, with nothing that reaches for the network. Playwright gives each context a fresh
 * profile (it refuses a --user-data-dir argument) and removes it on close.
 */
const CHROMIUM = '/usr/bin/chromium';

const CHROMIUM_LAUNCH = {
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

module.exports = { CHROMIUM, CHROMIUM_LAUNCH };
