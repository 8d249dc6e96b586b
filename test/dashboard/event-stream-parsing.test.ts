import type { Page } from 'playwright-core';
import { browserMissing, launchChromium, type SuiteBrowser } from '../helpers/browser';
import { getClient, startTestSimulator, type TestSimulator } from '../helpers/test-simulator';

const missing = browserMissing();
if (missing) console.log(`skipped: ${missing}`);
const describeInBrowser = missing ? describe.skip : describe;

describeInBrowser('the dashboard reads its event stream by the SSE rules', () => {
  let browser: SuiteBrowser;
  let t: TestSimulator;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());
  afterEach(async () => {
    await browser?.release(page);
    await t?.close();
  });

  test('a token holding U+2028 is shown like any other, and the page keeps one stream open', async () => {
    t = await startTestSimulator({ 'qa.yaml': 'tokens:\n  alice: { status: 503 }\n' });
    page = await browser.newPage();
    await page.goto(`${t.url}/__admin/ui/`);
    await page.waitForSelector('.live:not(.off)');
    await getClient(t.url, 'line\u2028separated');
    await page.waitForSelector('tr[data-seq="1"]');
    expect(await page.textContent('tr[data-seq="1"] td[data-col="token"]')).toBe('line\u2028separated');
    await getClient(t.url, 'alice');
    await page.waitForSelector('tr[data-seq="2"]');
    expect(await page.textContent('.live')).toBe('live');
    expect(t.sim.control.streams.size).toBe(1);
  });
});
