import type { Page } from 'playwright-core';
import { browserMissing, launchChromium, type SuiteBrowser } from '../helpers/browser';
import { getClient, startTestSimulator, type TestSimulator } from '../helpers/test-simulator';
import { callWithRetries, constant } from '../helpers/retrying-caller';

const CARD =
  '{ client: { id: "1", name: Patient Pavel, surname: Patient, firstname: Pavel, type: "0", enabled: true } }';
const many = Array.from({ length: 200 }, (_, i) => `  user-${i}: ${CARD}`).join('\n');
const FILE = `tokens:
  flaky:
    sequence: [ { status: 503 }, { fault: reset }, ${CARD} ]
    expect: { calls: 2 }
  hangs: { fault: { hang: 30s } }
  never: { status: 404 }
${many}
`;

const missing = browserMissing();
if (missing) console.log(`skipped: ${missing}`);
const describeInBrowser = missing ? describe.skip : describe;

describeInBrowser('the dashboard Caller view in Chromium', () => {
  let browser: SuiteBrowser;
  let t: TestSimulator;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    t = await startTestSimulator({ 'qa.yaml': FILE }, { watch: false });
  });
  afterAll(async () => {
    await page?.close();
    await browser?.close();
    await t?.close();
  });

  test('shows the verdict, failures, unknown and unused tokens, and a live timeline readable at 200 tokens', async () => {
    await callWithRetries(t.url, 'flaky', { attempts: 3, backoffMs: constant(20), timeoutMs: 2000 });
    await callWithRetries(t.url, 'hangs', { attempts: 1, backoffMs: constant(0), timeoutMs: 300 });
    await getClient(t.url, 'flakey');
    for (let i = 0; i < 200; i++) await getClient(t.url, `user-${i}`);
    page = await browser.newPage();
    await page.goto(`${t.url}/__admin/ui/#caller`);
    await page.waitForSelector('[data-test="verdict"]');
    expect(await page.textContent('[data-test="verdict"]')).toBe('Verdict: FAIL');
    expect(await page.textContent('[data-tab="caller"]')).toBe('Caller (fail)');
    expect(await page.$$eval('[data-test="failure"]', (items) => items.map((i) => i.textContent))).toEqual([
      `${t.dir.path}/qa.yaml:4:15 token "flaky": calls expected 2, seen 3`,
    ]);
    expect(await page.textContent('[data-test="unknown"]')).toContain('flakey ×1 (did you mean flaky?)');
    expect(await page.textContent('[data-test="unused"]')).toBe('never');
    // One row per token asked for, its marks coloured by answer; the give-up on the hang hollow.
    expect(await page.$$eval('svg[data-test="timeline"] g[data-token]', (rows) => rows.length)).toBe(203);
    expect(
      await page.$$eval('g[data-token="flaky"] .mark', (marks) =>
        marks.map((m) => [m.getAttribute('data-answer'), m.getAttribute('fill')]),
      ),
    ).toEqual([
      ['503', '#c0392b'],
      ['fault:reset', '#8e44ad'],
      ['200', '#2e8b57'],
    ]);
    expect(
      await page.$$eval('g[data-token="hangs"] .mark', (marks) =>
        marks.map((m) => [m.getAttribute('data-abandoned'), m.getAttribute('fill')]),
      ),
    ).toEqual([['yes', 'none']]);
    expect(await page.getAttribute('g[data-token="hangs"]', 'data-backoff')).toBe('none');
    expect(await page.textContent('g[data-token="hangs"] text title')).toBe(
      'hangs: 1 call(s), 0 retry(ies), back-off none',
    );
    // Readable at 200 tokens: rows do not overlap, each label sits in its own 16 px band.
    const height = await page.$eval('svg[data-test="timeline"]', (svg) => Number(svg.getAttribute('height')));
    expect(height).toBe(203 * 16 + 20);
    // Live: a new request appears without a reload.
    await getClient(t.url, 'never');
    await page.waitForSelector('g[data-token="never"] .mark', { timeout: 5000 });
    expect(await page.textContent('[data-test="unused"]')).toBe('every written token was requested');
  });
});
