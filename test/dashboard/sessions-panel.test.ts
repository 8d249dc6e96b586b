import type { Page } from 'playwright-core';
import { browserMissing, launchChromium, type SuiteBrowser } from '../helpers/browser';
import { adminCall, jsonBody } from '../helpers/admin-client';
import { getClient, startTestSimulator, type TestSimulator } from '../helpers/test-simulator';

const CARD =
  '{ client: { id: "1", name: Ivanova Alisa, surname: Ivanova, firstname: Alisa, type: "0", enabled: true } }';
const FILE = `tokens:
  alice: ${CARD}
  flaky:
    sequence: [ { status: 503 }, ${CARD} ]
    expect: { calls: 2 }
`;
/** A token name a session names and never asks for: the panel and the Caller view show it as text. */
const HOSTILE = '<img src=x onerror="window.__pwned=1">';

const missing = browserMissing();
if (missing) console.log(`skipped: ${missing}`);
const describeInBrowser = missing ? describe.skip : describe;

interface Opened {
  readonly id: string;
  readonly prefix: string;
}

async function openSession(url: string, tokens: string[]): Promise<Opened> {
  const answer = await adminCall(url, 'POST', '/__admin/sessions', jsonBody({ tokens }));
  expect(answer.status).toBe(201);
  return { id: String(answer.body.id), prefix: String(answer.body.prefix) };
}

describeInBrowser('the dashboard Sessions panel in Chromium', () => {
  let browser: SuiteBrowser;
  let t: TestSimulator;
  let page: Page;
  let a: Opened;
  let b: Opened;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());
  afterEach(async () => {
    await browser?.release(page);
    await t?.close();
  });

  /** Two sessions with traffic through each, and traffic through none. */
  beforeEach(async () => {
    t = await startTestSimulator({ 'qa.yaml': FILE }, { watch: false });
    a = await openSession(t.url, ['alice', 'flaky']);
    b = await openSession(t.url, ['flaky', HOSTILE]);
    expect((await getClient(t.url, 'alice')).status).toBe(200);
    expect((await getClient(t.url, a.prefix + 'alice')).status).toBe(200);
    expect((await getClient(t.url, a.prefix + 'flaky')).status).toBe(503);
    expect((await getClient(t.url, a.prefix + 'flaky')).status).toBe(200);
    expect((await getClient(t.url, b.prefix + 'flaky')).status).toBe(503);
    expect((await getClient(t.url, 'flaky')).status).toBe(503);
    page = await browser.newPage();
  });

  const cells = (col: string) =>
    page.$$eval(`[data-test="traffic"] tbody td[data-col="${col}"]`, (tds) => tds.map((td) => td.textContent));
  const sessionCell = (id: string, col: string) => page.textContent(`tr[data-session="${id}"] td[data-col="${col}"]`);
  /** Waits until the traffic table shows exactly `n` rows. */
  const rowsShown = (n: number) =>
    page.waitForFunction((count) => document.querySelectorAll('[data-test="traffic"] tbody tr').length === count, n, {
      timeout: 10_000,
    });

  test('lists both sessions with their named tokens, exact request counts and verdicts, the names as text', async () => {
    await page.goto(`${t.url}/__admin/ui/#sessions`);
    await page.waitForFunction(
      (ids) =>
        ids.every((id) =>
          ['pass', 'fail'].includes(
            document.querySelector(`tr[data-session="${id}"] td[data-col="verdict"]`)?.textContent ?? '',
          ),
        ),
      [a.id, b.id],
      { timeout: 10_000 },
    );
    expect(await page.textContent('[data-test="session-count"]')).toBe('2 live session(s) of at most 1000.');
    expect(await page.textContent('[data-tab="sessions"]')).toBe('Sessions (2)');
    expect(
      await page.$$eval('[data-test="session-list"] tbody tr', (rows) =>
        rows.map((r) => r.getAttribute('data-session')),
      ),
    ).toEqual([b.id, a.id]);
    expect(await sessionCell(a.id, 'prefix')).toBe(a.prefix);
    expect(await sessionCell(a.id, 'tokens')).toBe('alice, flaky');
    expect(await sessionCell(a.id, 'requests')).toBe('3');
    expect(await sessionCell(a.id, 'verdict')).toBe('pass');
    expect(await sessionCell(b.id, 'tokens')).toBe(`flaky, ${HOSTILE}`);
    expect(await sessionCell(b.id, 'requests')).toBe('1');
    expect(await sessionCell(b.id, 'verdict')).toBe('fail');
    expect(await sessionCell(b.id, 'ttl-left')).toMatch(/^(10 min|9 min \d+ s)$/);
    expect(await page.$('img')).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    const c = await openSession(t.url, []);
    expect((await getClient(t.url, c.prefix + 'alice')).status).toBe(200);
    await page.waitForFunction(
      (id) => document.querySelector(`tr[data-session="${id}"] td[data-col="requests"]`)?.textContent === '1',
      c.id,
      { timeout: 10_000 },
    );
    expect(await page.textContent('[data-tab="sessions"]')).toBe('Sessions (3)');
    expect(await sessionCell(c.id, 'tokens')).toBe('none named');
  });

  test('choosing a session shows exactly its requests without the prefix, then its verdict; All traffic goes back', async () => {
    await page.goto(`${t.url}/__admin/ui/#sessions`);
    await page.click(`tr[data-session="${a.id}"] a[data-action="filter"]`);
    await page.waitForSelector('[data-test="session-filter"]');
    expect(page.url()).toBe(`${t.url}/__admin/ui/#traffic&session=${a.id}`);
    await rowsShown(3);
    expect(await cells('token')).toEqual(['flaky', 'flaky', 'alice']);
    expect(await cells('status')).toEqual(['200', '503', '200']);
    expect(await page.textContent('[data-test="session-filter"]')).toBe(
      `Session ${a.id} (${a.prefix}): its requests only, tokens without the prefix.Show all traffic`,
    );

    await page.click('button[data-tab="caller"]');
    expect(page.url()).toBe(`${t.url}/__admin/ui/#caller&session=${a.id}`);
    await page.waitForSelector('[data-test="verdict"]');
    expect(await page.textContent('[data-test="verdict"]')).toBe('Verdict: PASS');
    expect(await page.$$eval('.cv-row[data-token]', (rows) => rows.map((r) => r.getAttribute('data-token')))).toEqual([
      'flaky',
      'alice',
    ]);

    await page.goto(`${t.url}/__admin/ui/#caller&session=${b.id}`);
    await page.waitForSelector('.cv-row[data-token="flaky"]');
    expect(await page.textContent('[data-test="verdict"]')).toBe('Verdict: FAIL');
    expect(await page.$$eval('[data-test="failure"]', (items) => items.map((i) => i.textContent))).toEqual([
      `${t.dir.path}/qa.yaml:5:15 calls expected 2, seen 1`,
    ]);
    expect(await page.textContent('[data-test="unused"]')).toBe(HOSTILE);
    expect(await page.textContent('[data-tab="caller"]')).toBe('Caller (fail)');

    await page.click('a[data-action="all-traffic"]');
    await page.waitForFunction(() => document.querySelector('[data-test="session-filter"]') === null);
    expect(page.url()).toBe(`${t.url}/__admin/ui/#caller`);
    await page.click('button[data-tab="traffic"]');
    await rowsShown(6);
    expect(await cells('token')).toEqual([
      'flaky',
      `${b.prefix}flaky`,
      `${a.prefix}flaky`,
      `${a.prefix}flaky`,
      `${a.prefix}alice`,
      'alice',
    ]);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  test('the filter survives a reload through the address', async () => {
    await page.goto(`${t.url}/__admin/ui/#traffic&session=${b.id}`);
    await rowsShown(1);
    await page.reload();
    await page.waitForSelector('[data-test="session-filter"]');
    await rowsShown(1);
    expect(await cells('token')).toEqual(['flaky']);
    expect(await cells('status')).toEqual(['503']);
    expect(page.url()).toBe(`${t.url}/__admin/ui/#traffic&session=${b.id}`);
  });

  test('ending the watched session marks it ended and falls back to all traffic with a note', async () => {
    await page.goto(`${t.url}/__admin/ui/#traffic&session=${a.id}`);
    await rowsShown(3);
    expect((await adminCall(t.url, 'DELETE', `/__admin/sessions/${a.id}`)).status).toBe(200);
    await page.waitForSelector('[data-test="session-note"]', { timeout: 10_000 });
    expect(await page.textContent('[data-test="session-note"]')).toBe(
      `Session ${a.id} is not live any more (ended, or unused past its ttl); showing all traffic.`,
    );
    expect(page.url()).toBe(`${t.url}/__admin/ui/#traffic`);
    await rowsShown(6);
    await page.click('button[data-tab="sessions"]');
    expect(await page.textContent('[data-test="session-count"]')).toBe('1 live session(s) of at most 1000.');
    expect(await page.textContent('[data-tab="sessions"]')).toBe('Sessions (1)');
    expect(await sessionCell(a.id, 'ttl-left')).toBe('ended');
    expect(await sessionCell(a.id, 'requests')).toBe('3');
    expect(await page.$(`tr[data-session="${a.id}"] a[data-action="filter"]`)).toBeNull();
    expect(await sessionCell(b.id, 'ttl-left')).not.toBe('ended');
  });

  test('an address naming a session that is gone falls back to all traffic with the same note', async () => {
    await page.goto(`${t.url}/__admin/ui/#caller&session=nosuchsess`);
    await page.waitForSelector('[data-test="session-note"]');
    expect(await page.textContent('[data-test="session-note"]')).toBe(
      'Session nosuchsess is not live any more (ended, or unused past its ttl); showing all traffic.',
    );
    expect(page.url()).toBe(`${t.url}/__admin/ui/#caller`);
    await page.click('[data-test="session-note-dismiss"]');
    await page.waitForSelector('[data-test="session-note"]', { state: 'detached' });
    expect(page.url()).toBe(`${t.url}/__admin/ui/#caller`);
  });
});
