import type { Page } from 'playwright-core';
import { browserMissing, launchChromium, type SuiteBrowser } from '../helpers/browser';
import { callPopulation, HOSTILE_TOKENS, POPULATION_FILE } from '../helpers/caller-population';
import { startTestSimulator, type TestSimulator } from '../helpers/test-simulator';

const missing = browserMissing();
if (missing) console.log(`skipped: ${missing}`);
const describeInBrowser = missing ? describe.skip : describe;

/** Where the page is opened: an address no network has, answered by the test itself. */
const PAGE_URL = 'http://report.invalid/auth-sim.html';

let t: TestSimulator;
let page: string;
let headers: Headers;

beforeAll(async () => {
  t = await startTestSimulator({ 'qa.yaml': POPULATION_FILE }, { watch: false });
  await callPopulation(t.url);
  const res = await fetch(`${t.url}/__admin/report?format=html`);
  expect(res.status).toBe(200);
  headers = res.headers;
  page = await res.text();
});
afterAll(() => t?.close());

test('GET /__admin/report?format=html is one HTML page that may fetch nothing', () => {
  expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:");
  expect(page).toMatch(/^<!doctype html>\n/);
  expect(page).not.toMatch(/<script|src=|href="(?!data:)/i);
  expect(page).toContain('data-token="&lt;script&gt;alert(1)&lt;/script&gt;"');
  expect(page).toContain('data-token="cr&#13;here"');
});

describeInBrowser.each([
  ['on', true],
  ['off', false],
])('the HTML report in Chromium with JavaScript %s and every network request refused', (_what, javaScriptEnabled) => {
  let browser: SuiteBrowser;
  let tab: Page;
  const asked: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium({ javaScriptEnabled });
    tab = await browser.newPage();
    await tab.setViewportSize({ width: 1400, height: 900 });
    await tab.route('**/*', (route) => {
      asked.push(route.request().url());
      return route.request().url() === PAGE_URL
        ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: page })
        : route.abort();
    });
    tab.on('requestfailed', (request) => asked.push(`failed: ${request.url()}`));
    await tab.goto(PAGE_URL);
  });
  afterAll(async () => {
    await tab?.close();
    await browser?.close();
  });

  test('asks for nothing but itself, and shows every row, failing first, the first on the first screen', async () => {
    expect(asked).toEqual([PAGE_URL]);
    const rows = await tab.$$eval('[data-token]', (els) =>
      els.map((el) => [el.getAttribute('data-token'), el.getAttribute('data-verdict')]),
    );
    // user-199 is never asked for and nothing is expected of it: unused, listed below the rows, no row.
    expect(rows).toHaveLength(199 + 1 + HOSTILE_TOKENS.length);
    expect(rows.slice(0, 30)).toEqual(
      Array.from({ length: 30 }, (_, i) => [`user-${String(i).padStart(3, '0')}`, 'fail']),
    );
    expect(rows.slice(30).every(([, verdict]) => verdict !== 'fail')).toBe(true);
    expect(rows.filter(([, verdict]) => verdict === 'pass')).toHaveLength(90);
    const first = await tab.locator('[data-token="user-000"]').boundingBox();
    expect(first!.y + first!.height).toBeLessThanOrEqual(900);
    expect(await tab.textContent('[data-token="user-000"] [data-test="failure"]')).toBe(
      `${t.dir.path}/qa.yaml:4:117 calls expected 2, seen 1`,
    );
    expect(await tab.textContent('[data-test="verdict"]')).toBe('Verdict: FAIL');
    expect(await tab.textContent('[data-test="counts"]')).toBe(
      '204 token(s), 30 failing, 4 unknown (4 request(s)), 1 unused',
    );
  });

  test('hostile token names read back exactly and run nothing', async () => {
    const names = await tab.$$eval('[data-verdict="none"]', (els) => els.map((el) => el.getAttribute('data-token')));
    for (const token of HOSTILE_TOKENS) expect(names).toContain(token);
    expect(await tab.$$eval('script', (els) => els.length)).toBe(0);
  });

  test('the plot: every request one mark in its row, a burst of three at three distinct places', async () => {
    expect(await tab.$$eval('[data-mark]', (els) => els.length)).toBe(199 + HOSTILE_TOKENS.length + 3);
    const burst = await tab.$$eval('[data-token="burst"] [data-mark]', (els) =>
      els.map((el) => [el.getAttribute('data-answer'), el.getBoundingClientRect().x]),
    );
    expect(burst.map(([answer]) => answer).sort()).toEqual(['200', '503', '503']);
    const xs = burst.map(([, x]) => x as number);
    expect(xs[1] - xs[0]).toBeGreaterThanOrEqual(8);
    expect(xs[2] - xs[1]).toBeGreaterThanOrEqual(8);
    expect(await tab.isVisible('[data-test="time-axis"]')).toBe(true);
  });

  test('the time axis stays in view when the rows are scrolled', async () => {
    // Scrolled as a reader would; read back in the same call (with scripts off, waitForFunction cannot poll).
    expect(await tab.evaluate(() => (window.scrollTo(0, 2500), window.scrollY))).toBe(2500);
    const axis = await tab.locator('[data-test="time-axis"]').boundingBox();
    expect(axis!.y).toBeGreaterThanOrEqual(0);
    expect(axis!.y).toBeLessThan(40);
  });
});
