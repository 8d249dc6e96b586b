import type { Page } from 'playwright-core';
import { browserMissing, launchChromium, type SuiteBrowser } from '../helpers/browser';
import { adminCall } from '../helpers/admin-client';
import { getClient, startTestSimulator, type TestSimulator } from '../helpers/test-simulator';

const CARD = '{ id: "100500", name: Ivanova Alisa, surname: Ivanova, firstname: Alisa, type: "0", enabled: true }';
const RETAIL = `tokens:
  alice:
    client: ${CARD}
  retry-twice:
    sequence:
      - { status: 503, body: none }
      - { status: 503, body: none }
      - client: ${CARD}
  two-uses:
    client: ${CARD}
    expire: { after: 2 }
`;

const missing = browserMissing();
if (missing) console.log(`skipped: ${missing}`);
const describeInBrowser = missing ? describe.skip : describe;

describeInBrowser('dashboard editing in Chromium: no trap left', () => {
  let browser: SuiteBrowser;
  let t: TestSimulator;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    t = await startTestSimulator({ 'retail.yaml': RETAIL }, { watch: false });
  });
  afterAll(async () => {
    await t?.close();
    await browser?.close();
  });
  beforeEach(async () => {
    await adminCall(t.url, 'POST', '/__admin/reset');
    page = await browser.newPage();
    await page.goto(`${t.url}/__admin/ui/#tokens`);
    await page.waitForSelector('.live:not(.off)');
  });
  afterEach(async () => browser?.release(page));

  const open = async (token: string) => {
    await page.click(`a[data-token="${token}"]`);
    await page.waitForSelector(`[data-test=token-detail] h2:has-text("${token}")`);
  };
  const editor = () => page.inputValue('textarea[name=entry]');

  test('after a one-click 503 the editor shows the new entry, so Apply keeps it', async () => {
    await open('alice');
    expect(JSON.parse(await editor())).toMatchObject({ client: { name: 'Ivanova Alisa' } });
    await page.click('[data-action="503-none"]');
    await page.waitForSelector('[data-test=status]:has-text("503")');
    expect(await editor()).toBe('{\n  "status": 503,\n  "body": "none"\n}');
    await page.click('[data-action=apply-yaml]');
    await page.waitForSelector('[data-test=change-message]:has-text("applied")');
    expect((await getClient(t.url, 'alice')).status).toBe(503);
  });

  test('after a one-click hang the editor holds the fault, and Apply keeps the hang', async () => {
    await open('alice');
    await page.click('[data-action="fault-hang"]');
    await page.waitForSelector('[data-test=fault]:has-text("hang")');
    expect(JSON.parse(await editor())).toMatchObject({ fault: 'hang', client: { name: 'Ivanova Alisa' } });
    await page.click('[data-action=apply-yaml]');
    await page.waitForSelector('[data-test=change-message]:has-text("applied")');
    expect((await adminCall(t.url, 'GET', '/__admin/tokens/alice')).body.fault).toBe('hang');
  });

  test('an edit typed while the view reloads stays in the editor, and Apply sends it', async () => {
    await open('alice');
    // Holds the view's reload that the one-click change starts, until the edit is typed: the
    // order a slow admin call gives, made certain. Only that first GET is held; the change itself
    // (a PUT) and any later read go straight through.
    let heard: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (heard = resolve));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let gets = 0;
    await page.route(
      (url) => url.pathname === '/__admin/tokens/alice',
      async (route) => {
        if (route.request().method() === 'GET' && ++gets === 1) {
          heard();
          await released;
        }
        await route.continue();
      },
    );
    await page.click('[data-action="503-none"]');
    await held;
    const typed = '{ "status": 401, "errorCode": "TYPED", "errorText": "typed during the reload" }';
    await page.fill('textarea[name=entry]', typed);
    release();
    await page.waitForSelector('[data-test=status]:has-text("503")');
    expect(await editor()).toBe(typed);
    await page.click('[data-action=apply-yaml]');
    await page.waitForSelector('[data-test=change-message]:has-text("applied")');
    const answer = await getClient(t.url, 'alice');
    expect(answer.status).toBe(401);
    expect(answer.text).toBe('{"errorCode":"TYPED","errorText":"typed during the reload"}');
  });

  test('"Reset everything" says it wipes the traffic and the caller report, and asks first', async () => {
    await adminCall(t.url, 'PUT', '/__admin/tokens/carol', { body: 'status: 418' });
    await getClient(t.url, 'alice');
    await getClient(t.url, 'carol');
    await page.reload();
    await page.waitForSelector('[data-action=reset-all]');
    expect(await page.textContent('[data-action=reset-all]')).toBe(
      'Reset everything (tokens, traffic, caller report)...',
    );
    await page.click('[data-action=reset-all]');
    expect(await page.textContent('[data-test=reset-confirm] p')).toBe(
      'Reset everything? Every runtime token goes (the files answer again), sequences and expiry start over, and the request journal (the live traffic), the caller report and its verdict are wiped; an outage ends.',
    );
    await page.click('[data-action=reset-all-cancel]');
    expect((await adminCall(t.url, 'GET', '/__admin/requests')).body.requests).toHaveLength(2);
    await page.click('[data-action=reset-all]');
    await page.click('[data-action=reset-all-confirm]');
    await page.waitForSelector('[data-test=reset-note]:has-text("reset:")');
    expect(await page.textContent('[data-test=reset-note]')).toBe(
      'reset: 1 runtime token(s) removed; 2 journal request(s), the caller report and token state cleared',
    );
    expect((await adminCall(t.url, 'GET', '/__admin/report')).body.caller).toMatchObject({ requests: 0 });
    expect((await getClient(t.url, 'carol')).status).toBe(404);
  });

  test('a runtime override and the file token it hides are marked apart, in the list and the view', async () => {
    const file = `${t.dir.path}/retail.yaml`;
    await adminCall(t.url, 'PUT', '/__admin/tokens/alice', { body: 'status: 503\nbody: none' });
    await adminCall(t.url, 'PUT', '/__admin/tokens/carol', { body: 'status: 418' });
    await page.reload();
    await page.waitForSelector('[data-test=token-list] li');
    const rows = await page.$$eval('[data-test=token-list] li', (items) =>
      items.map((li) => [
        li.querySelector('a')?.textContent,
        li.className.trim(),
        li.querySelector('.src')?.textContent,
      ]),
    );
    expect(rows.filter(([token]) => token === 'alice' || token === 'carol')).toEqual([
      ['alice', '', `runtime, hides file token from ${file}:2`],
      ['carol', '', 'runtime (admin API)'],
      ['alice', 'hidden', `${file}:2, hidden by a runtime token`],
    ]);
    await page.click('li[data-kind=admin] a[data-token=alice]');
    await page.waitForSelector('[data-test=token-detail] [data-test=source]');
    expect(await page.textContent('[data-test=token-detail] [data-test=source]')).toBe(
      `from runtime, hides file token from ${file}:2; not asked yet`,
    );
  });

  test('the token view shows the next step and an expired token its 401, with the entry as written', async () => {
    for (let i = 0; i < 3; i++) await getClient(t.url, 'retry-twice');
    await getClient(t.url, 'two-uses');
    await getClient(t.url, 'two-uses');
    await page.reload();
    await page.waitForSelector('a[data-token=retry-twice]');
    await open('retry-twice');
    expect(await page.textContent('[data-test=next]')).toBe(
      'The next request (number 4) gets this: step 3 of 3, repeats.',
    );
    expect(await page.textContent('[data-test=status]')).toBe('200');
    expect(JSON.parse((await page.textContent('[data-test=entry]')) ?? '')).toMatchObject({
      sequence: [{ status: 503, body: 'none' }, { status: 503, body: 'none' }, { client: { id: '100500' } }],
    });
    await open('two-uses');
    expect(await page.textContent('[data-test=next]')).toBe(
      'The next request (number 3) gets this: expired after 2 use(s).',
    );
    expect(await page.textContent('[data-test=status]')).toBe('401');
    expect(await page.textContent('[data-test=wire]')).toBe((await getClient(t.url, 'two-uses')).text);
  });
});
