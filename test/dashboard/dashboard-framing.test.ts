import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { browserMissing, launchChromium, type SuiteBrowser } from '../helpers/browser';
import { adminCall } from '../helpers/admin-client';
import { startTestSimulator, type TestSimulator } from '../helpers/test-simulator';

const ACTIONS = `tokens:
  alice:
    client:
      id: "1"
      name: Ivanova Alisa
      surname: Ivanova
      firstname: Alisa
      type: "0"
      enabled: true
      actionList:
        - { name: Steal, value: "javascript:document.title='pwned'" }
        - { name: Data, type: 1, value: "data:text/html,<script>alert(1)</script>" }
        - { name: CRM, value: "https://crm.example/clients/1" }
`;

const missing = browserMissing();
if (missing) console.log(`skipped: ${missing}`);
const describeInBrowser = missing ? describe.skip : describe;

let t: TestSimulator;
beforeAll(async () => {
  t = await startTestSimulator({ 'a.yaml': ACTIONS });
});
afterAll(() => t.close());

test('every admin answer forbids framing and inline script', async () => {
  for (const path of ['/__admin/ui/', '/__admin/health', '/__admin/tokens/alice']) {
    const res = await fetch(`${t.url}${path}`);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'",
    );
  }
  expect((await adminCall(t.url, 'GET', '/__admin/health')).status).toBe(200);
});

describeInBrowser('the dashboard in Chromium, against other sites', () => {
  let browser: SuiteBrowser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());
  afterEach(async () => browser?.release(page));

  test('a page on another site cannot frame it', async () => {
    const evil = http.createServer((_req, res) =>
      res.end(`<html><body><iframe id="f" src="${t.url}/__admin/ui/"></iframe></body></html>`),
    );
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
    try {
      page = await browser.newPage();
      const refused = page.waitForEvent('console', (m) => m.text().includes("frame-ancestors 'none'"));
      await page.goto(`http://localhost:${(evil.address() as AddressInfo).port}/`);
      await refused;
      const frame = page.frames().find((f) => f !== page.mainFrame());
      expect(await frame?.$('#app')).toBeNull();
    } finally {
      evil.close();
    }
  });

  test('runs under its policy with no violation, and shows only http(s) actions as links', async () => {
    page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes('Content Security Policy')) violations.push(m.text());
    });
    await page.goto(`${t.url}/__admin/ui/#tokens`);
    await page.waitForSelector('.live:not(.off)');
    await page.click('a[data-token=alice]');
    await page.waitForSelector('[data-test=card]');
    expect(
      await page.$$eval('[data-test=card] .actions a', (links) => links.map((a) => a.getAttribute('href'))),
    ).toEqual(['https://crm.example/clients/1']);
    expect(await page.$$eval('[data-test=card] .actions button', (buttons) => buttons.length)).toBe(0);
    expect(await page.$$eval('[data-test=action-text]', (items) => items.map((i) => i.textContent))).toEqual([
      "Steal: javascript:document.title='pwned'",
      'Data: data:text/html,<script>alert(1)</script>',
    ]);
    expect(violations).toEqual([]);
  });
});
