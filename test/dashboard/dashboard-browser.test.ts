import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { browserMissing, launchChromium, type SuiteBrowser } from '../helpers/browser';
import { adminCall } from '../helpers/admin-client';
import { getClient, postClient, startTestSimulator, type TestSimulator } from '../helpers/test-simulator';

const RETAIL = `tokens:
  alice:
    client: { id: "100500", name: Ivanova Alisa, surname: Ivanova, firstname: Alisa, type: "0", enabled: true }
  bob:
    status: 403
    errorCode: FORBIDDEN
    errorText: no servicing
`;

const missing = browserMissing();
if (missing) console.log(`skipped: ${missing}`);
const describeInBrowser = missing ? describe.skip : describe;

describeInBrowser('the dashboard in Chromium', () => {
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

  async function open(options: Parameters<typeof startTestSimulator>[1] = {}): Promise<void> {
    t = await startTestSimulator({ 'retail.yaml': RETAIL }, options);
    page = await browser.newPage();
    await page.goto(`${t.url}/__admin/ui/`);
    await page.waitForSelector('.live:not(.off)');
  }

  const cell = (seq: number, col: string) => page.textContent(`tr[data-seq="${seq}"] td[data-col="${col}"]`);

  test("shows a request's trace id from its traceparent, with the span on hover", async () => {
    await open();
    await fetch(`${t.url}/rest/chat/client/id/alice`, {
      headers: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' },
    });
    await page.waitForSelector('tr[data-seq="1"]');
    expect(await cell(1, 'trace')).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(await page.getAttribute('tr[data-seq="1"] td[data-col="trace"]', 'title')).toBe('span 00f067aa0ba902b7');
  });

  test('saves the runtime tokens as a scenario file from the tokens view', async () => {
    await open();
    await adminCall(t.url, 'PUT', '/__admin/tokens/carol', {
      headers: { 'content-type': 'application/yaml' },
      body: 'status: 418\n',
    });
    await page.click('button[data-tab=tokens]');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('button[data-action=export]')]);
    expect(download.suggestedFilename()).toBe('auth-sim-runtime.yaml');
    const saved = `${t.dir.path}/saved-runtime.txt`;
    await download.saveAs(saved);
    expect((await import('node:fs')).readFileSync(saved, 'utf8')).toBe(
      await (await fetch(`${t.url}/__admin/export`)).text(),
    );
  });

  test('shows a GET and a POST, newest first, with what answered them', async () => {
    await open();
    await getClient(t.url, 'alice');
    await postClient(t.url, 'alicee');
    await page.waitForSelector('tr[data-seq="2"]');
    expect(await page.$$eval('tbody tr', (rows) => rows.map((r) => r.getAttribute('data-seq')))).toEqual(['2', '1']);
    expect([
      await cell(1, 'method'),
      await cell(1, 'token'),
      await cell(1, 'origin'),
      await cell(1, 'status'),
      await cell(1, 'matched'),
      await cell(1, 'entry'),
    ]).toEqual(['GET', 'alice', 'path', '200', 'token', `${t.dir.path}/retail.yaml:2`]);
    expect([
      await cell(2, 'method'),
      await cell(2, 'token'),
      await cell(2, 'origin'),
      await cell(2, 'status'),
      await cell(2, 'matched'),
    ]).toEqual(['POST', 'alicee', 'header', '404', 'fallback']);
    expect(await page.textContent('tr[data-seq="2"]')).toContain('did you mean alice?');
  });

  test('filters by token, method, status class and matched kind; pause holds new rows until resume', async () => {
    await open();
    await getClient(t.url, 'alice');
    await postClient(t.url, 'bob');
    await getClient(t.url, 'nobody');
    await page.waitForSelector('tr[data-seq="3"]');
    const shown = () => page.$$eval('tbody tr', (rows) => rows.map((r) => r.getAttribute('data-seq')));
    await page.fill('input[name=token]', 'bo');
    expect(await shown()).toEqual(['3', '2']);
    await page.fill('input[name=token]', '');
    await page.selectOption('select[name=method]', 'POST');
    expect(await shown()).toEqual(['2']);
    await page.selectOption('select[name=method]', '');
    await page.selectOption('select[name=status]', '4xx');
    expect(await shown()).toEqual(['3', '2']);
    await page.selectOption('select[name=matched]', 'fallback');
    expect(await shown()).toEqual(['3']);
    await page.selectOption('select[name=status]', '');
    await page.selectOption('select[name=matched]', '');
    await page.click('[data-test=pause]');
    await getClient(t.url, 'alice');
    await page.waitForSelector('[data-test=pause]:has-text("Resume (1 waiting)")');
    expect(await shown()).toEqual(['3', '2', '1']);
    await page.click('[data-test=pause]');
    await page.waitForSelector('tr[data-seq="4"]');
    await page.click('[data-test=clear]');
    expect(await shown()).toEqual([]);
  });

  test('shows a token the way an HTTP client receives it', async () => {
    await open();
    await page.click('button[data-tab=tokens]');
    await page.click('a[data-token=alice]');
    const wire = await page.textContent('[data-test=wire]');
    const got = await getClient(t.url, 'alice');
    expect(wire).toBe(got.text);
    expect(await page.textContent('[data-test=status]')).toBe('200');
    expect(await page.textContent('[data-test=headers]')).toBe(
      `content-type: ${got.contentType}\ncontent-length: ${got.bytes.length}`,
    );
    expect(await page.textContent('[data-test=curl-post]')).toBe(
      `curl -i -X POST -H 'token: alice' '${t.url}/rest/chat/client/id/'`,
    );
    expect(await page.textContent('[data-test=card]')).toContain('servicing allowed');
  });

  test('without the journal, says why live traffic stays empty, and the tokens view still shows a token', async () => {
    await open({ journalSize: 0 });
    expect(await page.textContent('[data-test=journal-off]')).toBe(
      'No live traffic: this simulator runs without its request journal (--no-journal or --journal-size 0). The tokens and health views still work.',
    );
    await page.click('button[data-tab=tokens]');
    await page.click('a[data-token=alice]');
    expect(await page.textContent('[data-test=wire]')).toBe((await getClient(t.url, 'alice')).text);
  });

  test('makes a token answer 503 from the page, then back to the files', async () => {
    await open();
    await page.click('button[data-tab=tokens]');
    await page.click('a[data-token=alice]');
    await page.click('[data-action="503-none"]');
    await page.waitForSelector('[data-test=change-message]:has-text("applied")');
    const failed = await getClient(t.url, 'alice');
    expect([failed.status, failed.text]).toEqual([503, '']);
    await page.click('[data-action=reset]');
    await page.waitForSelector('[data-test=change-message]:has-text("answers from the files again")');
    expect((await getClient(t.url, 'alice')).status).toBe(200);
    await page.click('[data-action="fault-reset"]');
    await page.waitForSelector('a[data-token=alice] + .src:has-text("runtime, hides file token from")');
    await page.click('[data-action=reset-all]');
    await page.click('[data-action=reset-all-confirm]');
    await page.waitForSelector('[data-test=reset-note]:has-text("reset: 1 runtime token(s) removed")');
    expect((await getClient(t.url, 'alice')).status).toBe(200);
  });

  test('a YAML edit with a mistake shows the same message as a file would', async () => {
    await open();
    await page.click('button[data-tab=tokens]');
    await page.click('a[data-token=alice]');
    await page.fill('textarea[name=entry]', 'status: 503\nstatuss: 1\n');
    await page.click('[data-action=apply-yaml]');
    const message = await page.textContent('[data-test=change-message]', { timeout: 5000 });
    expect(await page.$$eval('[data-test=change-message] li', (items) => items.map((li) => li.textContent))).toEqual([
      'PUT /__admin/tokens/alice:2:1 statuss is not a scenario entry field; did you mean "status"?',
    ]);
    expect(message).toContain('was not applied');
  });

  test('shows how far the scenario clock is ahead, and puts it back to real time', async () => {
    await open();
    await adminCall(t.url, 'POST', '/__admin/clock', { body: '{"advance": "90m"}' });
    await page.click('button[data-tab=health]');
    await page.waitForSelector('[data-test=clock-reset]');
    expect(await page.textContent('[data-test=clock]')).toMatch(
      /^\s*Scenario clock: 1 h 30 min ahead of real time \(\d{4}-\d\d-\d\dT[\d:.]+Z\)\.\s*Back to real time\s*$/,
    );
    await page.click('[data-test=clock-reset]');
    await page.waitForSelector('[data-test=clock-reset]', { state: 'detached' });
    expect(await page.textContent('[data-test=clock]')).toBe(
      'Scenario clock: real time (POST /__admin/clock moves it).',
    );
    expect((await adminCall(t.url, 'GET', '/__admin/clock')).body.offsetMs).toBe(0);
  });

  test('shows a broken file with its line until it is fixed', async () => {
    await open();
    await page.click('button[data-tab=health]');
    t.dir.write('retail.yaml', RETAIL.replace('surname: Ivanova', 'surnmae: Ivanova'));
    await page.waitForSelector('[data-test=problem]', { timeout: 10_000 });
    const problems = await page.$$eval('.problem', (items) =>
      items.map((p) => [
        p.querySelector('[data-test=problem]')?.textContent,
        p.querySelector('[data-test=source-line]')?.textContent,
      ]),
    );
    const misspelt = problems.find(([text]) => text?.includes('surnmae'));
    expect(misspelt?.[0]).toBe(
      `${t.dir.path}/retail.yaml:3:50 tokens.alice.client.surnmae is not a Client field; did you mean "surname"?`,
    );
    expect(misspelt?.[1]).toBe(
      `3 |     client: { id: "100500", name: Ivanova Alisa, surnmae: Ivanova, firstname: Alisa, type: "0", enabled: true }\n${' '.repeat(53)}^`,
    );
    expect(await page.isVisible('[data-test=broken-banner]')).toBe(true);
    t.dir.write('retail.yaml', RETAIL);
    await page.waitForSelector('[data-test=problems]', { state: 'detached', timeout: 10_000 });
    expect(await page.isVisible('[data-test=broken-banner]')).toBe(false);
  });

  test('asks for the admin secret and sends it with every change', async () => {
    await open({ admin: { token: 's3cret' } });
    await page.click('button[data-tab=tokens]');
    await page.click('a[data-token=alice]');
    await page.click('[data-action="503-body"]');
    expect(await page.textContent('[data-test=change-message]')).toContain('needs the admin token');
    await page.fill('input[name=secret]', 's3cret');
    await page.click('form.secret button');
    await page.click('[data-action="503-body"]');
    await page.waitForSelector('[data-test=change-message]:has-text("applied")');
    expect((await getClient(t.url, 'alice')).status).toBe(503);
  });

  test('on a host others reach, asks for the secret before showing anything, then goes live', async () => {
    t = await startTestSimulator({ 'retail.yaml': RETAIL }, { host: '0.0.0.0', admin: { token: 's3cret' } });
    const url = `http://127.0.0.1:${t.sim.port}`;
    page = await browser.newPage();
    await page.goto(`${url}/__admin/ui/`);
    await page.waitForSelector('.live.off:has-text("needs the admin secret")');
    expect(await page.textContent('form.secret label')).toContain('reading and changes need it');
    await page.fill('input[name=secret]', 's3cret');
    await page.click('form.secret button');
    await page.waitForSelector('.live:not(.off)');
    await getClient(url, 'alice');
    await page.waitForSelector('tr[data-seq="1"]');
    expect(await cell(1, 'token')).toBe('alice');
  });

  test('a page on another origin cannot change a token, by fetch or by form', async () => {
    await open();
    // Another site's page: a form that POSTs to this simulator's reset, as a page on the web could.
    const evil = http.createServer((_req, res) =>
      res.end(
        `<html><body><form method="POST" action="${t.url}/__admin/reset"><button>win a prize</button></form></body></html>`,
      ),
    );
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
    try {
      const other = await browser.newPage();
      await other.goto(`http://localhost:${(evil.address() as AddressInfo).port}/`);
      expect((await adminCall(t.url, 'PUT', '/__admin/tokens/carol', { body: 'status: 418' })).status).toBe(201);
      const fetched = await other.evaluate(async (url) => {
        // A simple POST needs no preflight: only the server's Origin check stops it.
        const simple = await fetch(`${url}/__admin/reset`, {
          method: 'POST',
          mode: 'no-cors',
          headers: { 'content-type': 'text/plain' },
          body: '',
        });
        const put = await fetch(`${url}/__admin/tokens/alice`, { method: 'PUT', body: 'status: 503' }).then(
          () => 'sent',
          (e: Error) => e.message,
        );
        return [simple.type, put];
      }, t.url);
      expect(fetched).toEqual(['opaque', 'Failed to fetch']);
      await other.click('button');
      await other.waitForURL(`${t.url}/__admin/reset`);
      expect(await other.textContent('body')).toContain('refused: it came from a page at http://localhost:');
      await other.close();
      expect((await getClient(t.url, 'alice')).status).toBe(200);
      expect((await adminCall(t.url, 'GET', '/__admin/scenarios')).body.runtimeTokens).toEqual(['carol']);
    } finally {
      evil.close();
    }
  });
});
