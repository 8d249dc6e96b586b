import { adminCall } from '../../helpers/admin-client';
import { createPassOn } from '../../../src/record/record-proxy';
import { DEFAULT_WIRE_OPTIONS } from '../../../src/protocol/wire-encode';
import { describeWithRedis, startTestGroup, type TestGroup } from '../../helpers/redis-server';
import { getClient, startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';
import { waitFor } from '../../helpers/wait-for';

const CARD = '{ id: "1", name: Ivanova Alisa, surname: Ivanova, firstname: Alisa, type: "0", enabled: true }';
const SCENARIO = `
defaults: { delay: 5ms }
tokens:
  retry-twice:
    sequence:
      - { status: 503, body: none }
      - { status: 503, body: none }
      - client: ${CARD}
  cycling:
    then: cycle
    sequence:
      - { status: 500, body: none }
      - { status: 501, body: none }
      - { status: 502, body: none }
  two-uses:
    client: ${CARD}
    expire: { after: 2 }
  short-lived:
    client: ${CARD}
    expire: { after: 300ms, answer: { status: 403, errorCode: SESSION_CLOSED, errorText: closed } }
  retail: { client: ${CARD} }
`;

const TOKEN_EXPIRED = '{"errorCode":"TOKEN_EXPIRED","errorText":"token expired"}';

/** GET /__admin/tokens/{token}: what the token gets now. */
async function view(url: string, token: string): Promise<Record<string, unknown>> {
  const answer = await adminCall(url, 'GET', `/__admin/tokens/${encodeURIComponent(token)}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

async function ask(url: string, token: string, times: number): Promise<number[]> {
  const statuses = [];
  for (let i = 0; i < times; i++) statuses.push((await getClient(url, token)).status);
  return statuses;
}

describe('GET /__admin/tokens/{token} shows what the token gets now, and its entry as written', () => {
  let t: TestSimulator;
  beforeAll(async () => (t = await startTestSimulator({ 'retail.yaml': SCENARIO }, { watch: false })));
  afterAll(async () => t?.close());
  beforeEach(async () => void (await adminCall(t.url, 'POST', '/__admin/reset')));

  test('a sequence: each next step in turn, then "step 3 of 3, repeats"; looking counts no request', async () => {
    const seen = [];
    for (let i = 0; i < 4; i++) {
      const v = await view(t.url, 'retry-twice');
      seen.push([v.status, v.next]);
      await ask(t.url, 'retry-twice', 1);
    }
    const next = (use: number, step: number, text: string) => ({
      use,
      step,
      steps: 3,
      expired: false,
      outage: false,
      text,
    });
    expect(seen).toEqual([
      [503, next(1, 1, 'step 1 of 3')],
      [503, next(2, 2, 'step 2 of 3')],
      [200, next(3, 3, 'step 3 of 3, repeats')],
      [200, next(4, 3, 'step 3 of 3, repeats')],
    ]);
    const v = await view(t.url, 'retry-twice');
    expect(v.state).toMatchObject({ uses: 4 });
    expect(v.body).toBe((await getClient(t.url, 'retry-twice')).text);
  });

  test('the entry as written, its file defaults merged in', async () => {
    expect((await view(t.url, 'retry-twice')).entry).toEqual({
      delay: '5ms',
      sequence: [
        { status: 503, body: 'none' },
        { status: 503, body: 'none' },
        {
          client: {
            id: '1',
            name: 'Ivanova Alisa',
            surname: 'Ivanova',
            firstname: 'Alisa',
            type: '0',
            enabled: 'true',
          },
        },
      ],
    });
  });

  test('a cycling sequence says it starts over after its last step', async () => {
    expect(await ask(t.url, 'cycling', 2)).toEqual([500, 501]);
    const last = await view(t.url, 'cycling');
    expect([last.status, (last.next as { text: string }).text]).toEqual([502, 'step 3 of 3, then starts over']);
    await ask(t.url, 'cycling', 1);
    const again = await view(t.url, 'cycling');
    expect([again.status, again.next]).toEqual([
      500,
      { use: 4, step: 1, steps: 3, expired: false, outage: false, text: 'step 1 of 3' },
    ]);
  });

  test('an expired token shows the 401 it answers now, not its card', async () => {
    const before = await view(t.url, 'two-uses');
    expect([before.status, (before.next as { text: string }).text]).toEqual([200, 'use 1 of 2 before it expires']);
    expect(await ask(t.url, 'two-uses', 2)).toEqual([200, 200]);
    const after = await view(t.url, 'two-uses');
    expect([after.status, after.body, after.next]).toEqual([
      401,
      TOKEN_EXPIRED,
      { use: 3, step: null, steps: 1, expired: true, outage: false, text: 'expired after 2 use(s)' },
    ]);
    expect((await getClient(t.url, 'two-uses')).status).toBe(401);
  });

  test('a token expiring by time turns to its expiry answer once the time is up', async () => {
    const fresh = await view(t.url, 'short-lived');
    expect([fresh.status, (fresh.next as { text: string }).text]).toEqual([
      200,
      'expires 300ms after its first request',
    ]);
    await ask(t.url, 'short-lived', 1);
    const first = ((await view(t.url, 'short-lived')).state as { firstUseAt: string }).firstUseAt;
    await waitFor(async () => (await view(t.url, 'short-lived')).status === 403, { what: 'the view to show 403' });
    const expired = await view(t.url, 'short-lived');
    expect([expired.body, (expired.next as { text: string }).text]).toEqual([
      '{"errorCode":"SESSION_CLOSED","errorText":"closed"}',
      `expired 300ms after its first request (${first})`,
    ]);
    expect((await getClient(t.url, 'short-lived')).status).toBe(403);
  });

  test('a static token has no next step; during an outage every token shows the outage answer', async () => {
    const plain = await view(t.url, 'retail');
    expect([plain.status, plain.next]).toEqual([200, null]);
    await adminCall(t.url, 'POST', '/__admin/outage', { body: '{"status": 503}' });
    try {
      const down = await view(t.url, 'retail');
      expect([down.status, down.next]).toEqual([
        503,
        {
          use: 0,
          step: null,
          steps: 1,
          expired: false,
          outage: true,
          text: 'an outage: every token gets its answer until it is lifted',
        },
      ]);
    } finally {
      await adminCall(t.url, 'DELETE', '/__admin/outage');
    }
  });
});

test('GET /__admin/tokens tells a runtime override from the file token it hides', async () => {
  const t = await startTestSimulator({ 'retail.yaml': SCENARIO }, { watch: false });
  try {
    const file = `${t.dir.path}/retail.yaml`;
    await adminCall(t.url, 'PUT', '/__admin/tokens/retail', { body: 'status: 503' });
    await adminCall(t.url, 'PUT', '/__admin/tokens/newcomer', { body: 'status: 418' });
    const list = await adminCall(t.url, 'GET', '/__admin/tokens?q=e');
    expect(list.body.tokens).toEqual([
      { token: 'retail', kind: 'admin', source: 'runtime', hides: { file, line: 21 } },
      { token: 'newcomer', kind: 'admin', source: 'runtime' },
      { token: 'retry-twice', kind: 'token', source: `${file}:4` },
      { token: 'cycling', kind: 'token', source: `${file}:9` },
      { token: 'two-uses', kind: 'token', source: `${file}:15` },
      { token: 'short-lived', kind: 'token', source: `${file}:18` },
      { token: 'retail', kind: 'token', source: `${file}:21`, hiddenBy: 'runtime' },
    ]);
    const shown = await view(t.url, 'retail');
    expect([shown.kind, shown.source, shown.hides, shown.status, shown.entry]).toEqual([
      'admin',
      'runtime',
      { file, line: 21 },
      503,
      { status: 503 },
    ]);
    expect((await view(t.url, 'newcomer')).hides).toBeUndefined();
  } finally {
    await t.close();
  }
});

test('in hybrid mode a token no entry names shows that the real service answers it, without asking it', async () => {
  const upstream = await startTestSimulator({ 'real.yaml': 'tokens:\n  bob: { status: 401 }\n' }, { watch: false });
  const passOn = createPassOn({
    target: upstream.url,
    wire: DEFAULT_WIRE_OPTIONS,
    limits: { timeoutMs: 5000, maxBodyBytes: 1024 },
    onEvent: () => undefined,
  });
  const t = await startTestSimulator({ 'retail.yaml': SCENARIO }, { watch: false, passOn });
  try {
    const bob = await view(t.url, 'bob');
    expect([bob.kind, bob.source, bob.status, bob.next]).toEqual([
      'proxied',
      `(proxy) ${upstream.url}`,
      null,
      {
        use: 0,
        step: null,
        steps: 1,
        expired: false,
        outage: false,
        text: `passed to the real service, ${upstream.url} (--proxy): it answers`,
      },
    ]);
    expect((await adminCall(upstream.url, 'GET', '/__admin/report')).body.caller).toMatchObject({ requests: 0 });
    expect((await view(t.url, 'retail')).kind).toBe('token');
  } finally {
    await t.close();
    await upstream.close();
  }
});

const describeRedis = describeWithRedis();

describeRedis('with --redis, the view reads the group state the request path counts in', () => {
  let group: TestGroup;
  let a: TestSimulator;
  let b: TestSimulator;
  beforeAll(async () => {
    group = await startTestGroup({ 'retail.yaml': SCENARIO }, { seed: 3 });
    ({ a, b } = group);
  });
  afterAll(() => group?.close());

  test('requests to one instance move the next step shown by the other', async () => {
    expect(await ask(a.url, 'retry-twice', 3)).toEqual([503, 503, 200]);
    const seen = await view(b.url, 'retry-twice');
    expect([seen.status, seen.next, seen.state]).toEqual([
      200,
      { use: 4, step: 3, steps: 3, expired: false, outage: false, text: 'step 3 of 3, repeats' },
      expect.objectContaining({ uses: 3 }),
    ]);
    expect(await ask(a.url, 'two-uses', 2)).toEqual([200, 200]);
    expect((await view(b.url, 'two-uses')).status).toBe(401);
    expect((await getClient(b.url, 'two-uses')).status).toBe(401);
  });
});
