import type { Page } from 'playwright-core';
import { browserMissing, launchChromium, type SuiteBrowser } from '../helpers/browser';
import { adminCall, jsonBody } from '../helpers/admin-client';
import { getClient, startTestSimulator, type TestSimulator } from '../helpers/test-simulator';
import { runSimulator, type Simulator } from '../../src/server/run-simulator';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';

const FILE = 'tokens:\n  alice: { status: 418 }\n  bob: { status: 204, body: none }\n';

const missing = browserMissing();
if (missing) console.log(`skipped: ${missing}`);
const describeInBrowser = missing ? describe.skip : describe;

/** The Live traffic rows as shown, top to bottom: request number and token. */
const trafficRows = (page: Page) =>
  page.$$eval('[data-test="traffic"] tbody tr', (rows) =>
    rows.map((r) => `${r.getAttribute('data-seq')} ${r.querySelector('[data-col="token"]')?.textContent}`),
  );

async function openSession(url: string, tokens: string[]): Promise<{ id: string; prefix: string }> {
  const answer = await adminCall(url, 'POST', '/__admin/sessions', jsonBody({ tokens }));
  expect(answer.status).toBe(201);
  return { id: String(answer.body.id), prefix: String(answer.body.prefix) };
}

/**
 * The event stream drops (the server or a proxy closes it, the laptop sleeps) and the page
 * reconnects: to the same simulator it must show each request once, and what came in between;
 * to a restarted one (request numbers from 1 again) the new run's requests, and nothing from before.
 */
describeInBrowser('the dashboard in Chromium when its event stream reconnects', () => {
  let browser: SuiteBrowser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());
  beforeEach(async () => {
    page = await browser.newPage();
  });
  afterEach(async () => {
    await page?.unrouteAll();
    await browser?.release(page);
  });

  describe('to the same simulator', () => {
    let t: TestSimulator;
    beforeEach(async () => {
      t = await startTestSimulator({ 'a.yaml': FILE }, { watch: false });
    });
    afterEach(() => t?.close());

    test('shows each request once, newest first, those made while it was away included; sessions and the caller report count once', async () => {
      const session = await openSession(t.url, ['bob']);
      // The page's stream can be held off while requests are made, so they fall between two streams.
      let held = false;
      await page.route(
        (url) => url.pathname === '/__admin/events',
        (route) => (held ? route.abort('connectionrefused') : route.continue()),
      );
      await page.goto(`${t.url}/__admin/ui/#traffic`);
      await page.waitForSelector('.live:not(.off)');
      expect((await getClient(t.url, 'alice')).status).toBe(418);
      expect((await getClient(t.url, session.prefix + 'bob')).status).toBe(204);
      await page.waitForSelector('tr[data-seq="2"]');

      held = true;
      for (const res of t.sim.control.streams) res.destroy();
      await page.waitForSelector('.live.off');
      expect((await getClient(t.url, 'alice')).status).toBe(418);
      expect((await getClient(t.url, 'bob')).status).toBe(204);
      held = false;
      await page.waitForSelector('.live:not(.off)', { timeout: 10_000 });
      await page.waitForSelector('tr[data-seq="4"]');
      expect(await trafficRows(page)).toEqual(['4 bob', '3 alice', `2 ${session.prefix}bob`, '1 alice']);

      // A request after the reconnect joins once too: the page keeps one stream.
      expect((await getClient(t.url, 'alice')).status).toBe(418);
      await page.waitForSelector('tr[data-seq="5"]');
      expect(await trafficRows(page)).toEqual(['5 alice', '4 bob', '3 alice', `2 ${session.prefix}bob`, '1 alice']);
      expect(await page.textContent('section > .bar > span.muted')).toBe('5 of 5 shown');

      await page.click('button[data-tab="sessions"]');
      await page.waitForSelector(`tr[data-session="${session.id}"]`);
      expect(await page.textContent(`tr[data-session="${session.id}"] td[data-col="requests"]`)).toBe('1');
      await page.click('button[data-tab="caller"]');
      await page.waitForFunction(
        () => document.querySelector('.cv-row[data-token="alice"] .cv-n')?.textContent === '3',
        undefined,
        { timeout: 10_000 },
      );
      // bob's two: the session's request (its prefix taken off) and the one made without it.
      expect(await page.textContent('.cv-row[data-token="bob"] .cv-n')).toBe('2');
      expect(await page.$('[data-test="restart-note"]')).toBeNull();
    });

    test('a cleared table stays cleared across a reconnect', async () => {
      await page.goto(`${t.url}/__admin/ui/#traffic`);
      await page.waitForSelector('.live:not(.off)');
      expect((await getClient(t.url, 'alice')).status).toBe(418);
      await page.waitForSelector('tr[data-seq="1"]');
      await page.click('button[data-test="clear"]');
      for (const res of t.sim.control.streams) res.destroy();
      await page.waitForSelector('.live.off');
      await page.waitForSelector('.live:not(.off)', { timeout: 10_000 });
      expect((await getClient(t.url, 'bob')).status).toBe(204);
      await page.waitForSelector('tr[data-seq="2"]');
      expect(await trafficRows(page)).toEqual(['2 bob']);
    });
  });

  describe('to a restarted simulator on the same port', () => {
    let dir: TempDir;
    let first: Simulator | undefined;
    let second: Simulator | undefined;
    beforeEach(() => {
      dir = makeTempDir();
      dir.write('a.yaml', FILE);
    });
    afterEach(async () => {
      await first?.close(1000);
      await second?.close(1000);
      first = second = undefined;
      dir.remove();
    });

    test("shows the new run's requests from its first, says it restarted, and keeps no session or report of the run before", async () => {
      first = await runSimulator({ sources: { paths: [dir.path] }, port: 0, watch: false });
      const { url, port } = first;
      const old = await openSession(url, ['alice']);
      await page.goto(`${url}/__admin/ui/#traffic`);
      await page.waitForSelector('.live:not(.off)');
      expect((await getClient(url, 'alice')).status).toBe(418);
      expect((await getClient(url, old.prefix + 'alice')).status).toBe(418);
      await page.waitForSelector('tr[data-seq="2"]');
      await page.click('button[data-tab="sessions"]');
      await page.waitForSelector(`tr[data-session="${old.id}"]`);
      await page.click('button[data-tab="traffic"]');
      await first.close(1000);
      first = undefined;
      await page.waitForSelector('.live.off');
      second = await runSimulator({ sources: { paths: [dir.path] }, port, watch: false });
      expect((await getClient(url, 'bob')).status).toBe(204);
      await page.waitForSelector('tr[data-seq="1"] td[data-col="token"]:text-is("bob")', { timeout: 10_000 });
      expect(await trafficRows(page)).toEqual(['1 bob']);
      expect(await page.textContent('[data-test="restart-note"]')).toBe(
        'The simulator restarted: traffic, sessions and the caller report are its new run only.',
      );
      // Read, it can be put away; the new run's traffic stays.
      await page.click('[data-test="restart-note-dismiss"]');
      await page.waitForSelector('[data-test="restart-note"]', { state: 'detached' });
      expect(await trafficRows(page)).toEqual(['1 bob']);

      await page.click('button[data-tab="sessions"]');
      await page.waitForSelector('[data-test="session-count"]');
      expect(await page.textContent('[data-test="session-count"]')).toBe('0 live session(s) of at most 1000.');
      expect(await page.$$('[data-test="session-list"] tbody tr')).toHaveLength(0);
      await page.click('button[data-tab="caller"]');
      await page.waitForSelector('.cv-row[data-token="bob"]');
      expect(await page.textContent('.cv-row[data-token="bob"] .cv-n')).toBe('1');
      expect(await page.textContent('[data-count="unused"]')).toBe('1');
      expect(await page.$('.cv-row[data-token="alice"]')).toBeNull();
    });
  });
});
