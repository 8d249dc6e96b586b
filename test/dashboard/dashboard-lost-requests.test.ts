import path from 'node:path';
import type { Page } from 'playwright-core';
import { DASHBOARD_DIR } from '../../src/server/admin/ui-routes';
import { browserMissing, launchChromium, type SuiteBrowser } from '../helpers/browser';
import { startTestSimulator, type TestSimulator } from '../helpers/test-simulator';

const FILE = 'tokens:\n  alice: { status: 418 }\n';
/** Where the simulator serves the dashboard's files. */
const UI = '/__admin/ui/';

const missing = browserMissing();
if (missing) console.log(`skipped: ${missing}`);
const describeInBrowser = missing ? describe.skip : describe;

/**
 * Chromium fails the requests waiting for a connection with ERR_NETWORK_CHANGED when a network
 * interface comes or goes (the container tests beside these start and stop containers, each with
 * an interface of its own): nothing is wrong at either end, and the same request made again is
 * answered. Here the page's route fails chosen requests that way (a reset connection) and lets
 * the later ones through.
 */
describeInBrowser('the dashboard in Chromium when a request of its gets no answer', () => {
  let browser: SuiteBrowser;
  let t: TestSimulator;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    t = await startTestSimulator({ 'a.yaml': FILE }, { watch: false });
  });
  afterAll(async () => {
    await t?.close();
    await browser?.close();
  });
  beforeEach(async () => {
    page = await browser.newPage();
  });
  afterEach(async () => {
    await page?.unrouteAll();
    await browser?.release(page);
  });

  /**
   * Fails the first `failures` requests for `pathname` as a lost connection and counts every
   * request for it; answers the page's own files from the build, as the simulator would, so that
   * no real network change fails one of them (they are more than the six connections a host gets,
   * and a request waiting for one is what a change fails) and the counts are the page's own.
   */
  const failFirst = async (pathname: string, failures: number) => {
    const asked = { count: 0 };
    await page.route(
      (url) => url.pathname === pathname || url.pathname.startsWith(UI),
      (route) => {
        const asks = new URL(route.request().url()).pathname;
        if (asks === pathname && asked.count++ < failures) return route.abort('connectionreset');
        if (!asks.startsWith(UI)) return route.continue();
        return route.fulfill({ path: path.join(DASHBOARD_DIR, asks.slice(UI.length) || 'index.html') });
      },
    );
    return asked;
  };

  test('a module that does not arrive is asked for again, and the page starts', async () => {
    const asked = await failFirst('/__admin/ui/card-view.js', 2);
    await page.goto(`${t.url}/__admin/ui/#tokens`);
    await page.waitForSelector('.live:not(.off)', { timeout: 10_000 });
    await page.waitForSelector('[data-test=token-list] a[data-token=alice]');
    expect(asked.count).toBe(3);
  });

  test('a module that never arrives: after 6 tries the page says so instead of loading for good', async () => {
    const asked = await failFirst('/__admin/ui/card-view.js', Infinity);
    await page.goto(`${t.url}/__admin/ui/#tokens`);
    await page.waitForSelector('#app:has-text("6 tries")', { timeout: 15_000 });
    expect(await page.textContent('#app')).toBe(
      "The dashboard's scripts did not arrive in 6 tries: is the simulator still running? Reload the page to try again.",
    );
    expect(asked.count).toBe(6);
  });

  test('a read that gets no answer is sent again: the Health view still shows the scenario clock', async () => {
    const asked = await failFirst('/__admin/clock', 1);
    await page.goto(`${t.url}/__admin/ui/#health`);
    await page.waitForSelector('[data-test=clock]', { timeout: 10_000 });
    expect(await page.textContent('[data-test=clock]')).toBe(
      'Scenario clock: real time (POST /__admin/clock moves it).',
    );
    expect(asked.count).toBe(2);
  });
});
