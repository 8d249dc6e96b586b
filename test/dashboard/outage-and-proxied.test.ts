import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { createPassOn } from '../../src/record/record-proxy';
import { DEFAULT_WIRE_OPTIONS } from '../../src/protocol/wire-encode';
import { browserMissing, launchChromium, type SuiteBrowser } from '../helpers/browser';
import { getClient, startTestSimulator, type TestSimulator } from '../helpers/test-simulator';
import { adminCall } from '../helpers/admin-client';
import { waitFor } from '../helpers/wait-for';

const ALICE =
  'tokens:\n  alice:\n    client: { id: "1", name: A, surname: A, firstname: A, type: "1", enabled: true }\n';

const missing = browserMissing();
const describeInBrowser = missing ? describe.skip : describe;

describeInBrowser('the dashboard outage button and proxied marks in Chromium', () => {
  let browser: SuiteBrowser;
  let t: TestSimulator;
  let page: Page;
  beforeAll(async () => (browser = await launchChromium()));
  afterAll(async () => browser?.close());
  afterEach(async () => (await browser?.release(page), await t?.close()));

  test('starts an outage for every token, marks its requests in the traffic, and ends it', async () => {
    t = await startTestSimulator({ 'a.yaml': ALICE }, { watch: false });
    page = await browser.newPage();
    await page.goto(`${t.url}/__admin/ui/`);
    await page.waitForSelector('.live:not(.off)');
    await page.selectOption('select[name="outage"]', 'reset');
    await page.selectOption('select[name="outage"]', '503');
    await page.click('[data-test="outage-start"]');
    await page.waitForSelector('[data-test="outage-end"]');
    expect(await page.textContent('[data-test="outage"]')).toContain('{"status":503}');
    expect((await getClient(t.url, 'alice')).status).toBe(503);
    await page.waitForSelector('tr.m-outage[data-seq="1"]');
    expect(await page.textContent('tr[data-seq="1"] td[data-col="matched"]')).toBe('outage');
    await page.click('[data-test="outage-end"]');
    await page.waitForSelector('[data-test="outage-start"]');
    await waitFor(async () => (await getClient(t.url, 'alice')).status === 200, { what: 'the outage to end' });
  });

  test('marks requests passed to the real service (serve --proxy) as proxied', async () => {
    const upstream = http.createServer((_req, res) => res.writeHead(401).end());
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    try {
      const passOn = createPassOn({
        target,
        wire: DEFAULT_WIRE_OPTIONS,
        limits: { timeoutMs: 5000, maxBodyBytes: 1024 },
        onEvent: () => undefined,
      });
      t = await startTestSimulator({ 'a.yaml': ALICE }, { watch: false, passOn });
      page = await browser.newPage();
      await page.goto(`${t.url}/__admin/ui/`);
      await page.waitForSelector('.live:not(.off)');
      expect((await getClient(t.url, 'stranger')).status).toBe(401);
      await page.waitForSelector('tr.m-proxied[data-seq="1"]');
      expect(await page.textContent('tr[data-seq="1"] td[data-col="matched"]')).toBe('proxied');
      expect(await page.textContent('tr[data-seq="1"] td[data-col="entry"]')).toBe(`(proxy) ${target}`);
      // The token view says who answers it rather than showing the fallback's 404.
      await page.click('button[data-tab=tokens]');
      await page.fill('input[name=lookup]', 'stranger');
      await page.click('form.lookup button');
      await page.waitForSelector('[data-test=token-detail] [data-test=next]');
      expect(await page.textContent('[data-test=token-detail] [data-test=next]')).toBe(
        `The next request gets this: passed to the real service, ${target} (--proxy): it answers.`,
      );
      expect(await page.$('[data-test=token-detail] [data-test=status]')).toBeNull();
    } finally {
      await new Promise((resolve) => upstream.close(resolve));
    }
  });

  test('the Caller view marks requests answered during an outage and by the real service (another auth-sim)', async () => {
    const upstream = await startTestSimulator({ 'real.yaml': 'tokens:\n  bob: { status: 401 }\n' }, { watch: false });
    try {
      const passOn = createPassOn({
        target: upstream.url,
        wire: DEFAULT_WIRE_OPTIONS,
        limits: { timeoutMs: 5000, maxBodyBytes: 1024 },
        onEvent: () => undefined,
      });
      t = await startTestSimulator({ 'a.yaml': ALICE }, { watch: false, passOn });
      expect((await getClient(t.url, 'alice')).status).toBe(200);
      expect((await getClient(t.url, 'bob')).status).toBe(401);
      await adminCall(t.url, 'POST', '/__admin/outage', { body: '{"status": 503}' });
      expect((await getClient(t.url, 'alice')).status).toBe(503);
      await adminCall(t.url, 'DELETE', '/__admin/outage');
      page = await browser.newPage();
      await page.goto(`${t.url}/__admin/ui/#caller`);
      await page.waitForSelector('[data-test="not-scripted"]');
      expect(await page.textContent('[data-test="not-scripted"]')).toBe(
        'Not from the scenarios: 1 answered during an outage (POST /__admin/outage); 1 proxied to the real service (--proxy).',
      );
      const marks = (token: string) =>
        page.$$eval(`[data-token="${token}"] [data-mark]`, (items) =>
          items.map((m) => [m.tagName, m.getAttribute('data-answer'), m.getAttribute('data-via')]),
        );
      expect(await marks('alice')).toEqual([
        ['circle', '200', 'none'],
        ['rect', '503', 'outage'],
      ]);
      expect(await marks('bob')).toEqual([['rect', '401', 'proxied']]);
      expect(await page.textContent('[data-token="alice"] .cv-token')).toBe('alice■1');
      expect(await page.textContent('[data-token="bob"] .cv-token')).toBe('bob◆1');
      expect(await page.textContent('[data-token="bob"] [data-mark] title')).toMatch(
        /^bob: 401 at \d\d:\d\d:\d\d\.\d\d\d \(\+\d+ ms\), first request, proxied to the real service$/,
      );
    } finally {
      await upstream.close();
    }
  });
});
