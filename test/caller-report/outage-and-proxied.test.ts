import { adminCall } from '../helpers/admin-client';
import { startCli } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { getClient, postClient, startTestSimulator, type TestSimulator } from '../helpers/test-simulator';

const CARD = '{ id: "1", name: Ivanova Alisa, surname: Ivanova, firstname: Alisa, type: "0", enabled: true }';
const ALICE = `tokens:\n  alice:\n    client: ${CARD}\n`;
/** The real service behind hybrid mode: a second auth-sim with tokens the first one does not name. */
const REAL_SERVICE = `tokens:
  bob:
    client: { id: "2", name: Real Bob, surname: Bob, firstname: Bob, type: "0", enabled: true }
  carol: { status: 401, errorCode: TOKEN_EXPIRED, errorText: token expired }
`;

interface TokenLine {
  known: boolean;
  calls: number;
  statuses: Record<string, number>;
  outage: number;
  proxied: number;
  timeline: unknown[][];
}
interface Report {
  tokens: Record<string, TokenLine>;
  unknownTokens: { count: number; top: { token: string; count: number }[] };
  caller: { requests: number; outage: number; proxied: number };
}

async function report(url: string): Promise<Report> {
  return (await adminCall(url, 'GET', '/__admin/report')).body as unknown as Report;
}

describe('requests answered during an outage', () => {
  let t: TestSimulator;
  beforeAll(async () => (t = await startTestSimulator({ 'a.yaml': ALICE }, { watch: false })));
  afterAll(async () => t?.close());

  test('are counted per token and for the run, marked on the timeline and in the journal', async () => {
    expect((await getClient(t.url, 'alice')).status).toBe(200);
    await adminCall(t.url, 'POST', '/__admin/outage', { body: '{"status": 503}' });
    expect((await getClient(t.url, 'alice')).status).toBe(503);
    expect((await postClient(t.url, 'alice')).status).toBe(503);
    expect((await getClient(t.url, 'nobody')).status).toBe(503);
    await adminCall(t.url, 'DELETE', '/__admin/outage');
    expect((await getClient(t.url, 'alice')).status).toBe(200);

    const r = await report(t.url);
    const alice = r.tokens.alice;
    expect([alice.calls, alice.statuses, alice.outage, alice.proxied]).toEqual([4, { '200': 2, '503': 2 }, 2, 0]);
    expect(alice.timeline.map((mark) => [mark[1], mark[3] ?? null])).toEqual([
      ['200', null],
      ['503', 'outage'],
      ['503', 'outage'],
      ['200', null],
    ]);
    // An unknown token stays unknown during an outage: its own entry decides, not the outage's.
    expect([r.tokens.nobody.known, r.tokens.nobody.outage]).toEqual([false, 1]);
    expect(r.unknownTokens).toMatchObject({ count: 1, top: [{ token: 'nobody', count: 1 }] });
    expect(r.caller).toMatchObject({ requests: 5, outage: 3, proxied: 0 });

    const markdown = await (await fetch(`${t.url}/__admin/report?format=markdown`)).text();
    expect(markdown.split('\n')[2]).toMatch(
      /^5 request\(s\) on \d+ connection\(s\), at most 1 at once, since .*Z; 3 answered during an outage\.$/,
    );
    expect(markdown).toContain('| `alice` (outage ×2) | 4 |');

    const journal = (await adminCall(t.url, 'GET', '/__admin/requests')).body.requests as {
      token: string;
      matched: string;
      entry: string;
    }[];
    expect(journal.map((e) => [e.token, e.matched, e.entry])).toEqual([
      ['alice', 'token', `${t.dir.path}/a.yaml:2`],
      ['nobody', 'outage', '(outage)'],
      ['alice', 'outage', '(outage)'],
      ['alice', 'outage', '(outage)'],
      ['alice', 'token', `${t.dir.path}/a.yaml:2`],
    ]);
  });
});

describe('requests passed to the real service (serve --proxy), another auth-sim', () => {
  let upstream: TestSimulator;
  let dir: TempDir;
  beforeAll(async () => (upstream = await startTestSimulator({ 'real.yaml': REAL_SERVICE }, { watch: false })));
  afterAll(async () => upstream?.close());
  beforeEach(() => (dir = makeTempDir()));
  afterEach(() => dir.remove());

  test('are recorded in the caller report with the status the service gave, not as unknown, and in the summary', async () => {
    dir.write('a.yaml', ALICE);
    const cli = await startCli(['-s', 'a.yaml', '-p', '0', '--no-watch', '--report', '--proxy', upstream.url], {
      cwd: dir.path,
    });
    let stopped = false;
    try {
      expect((await getClient(cli.url, 'alice')).status).toBe(200);
      expect((await getClient(cli.url, 'bob')).status).toBe(200);
      expect((await getClient(cli.url, 'bob')).status).toBe(200);
      expect((await postClient(cli.url, 'carol')).status).toBe(401);

      const r = await report(cli.url);
      expect(r.tokens.bob).toMatchObject({
        known: false,
        calls: 2,
        statuses: { '200': 2 },
        proxied: 2,
        outage: 0,
        callsAfterCard: 1,
      });
      expect(r.tokens.bob.timeline.map((mark) => [mark[1], mark[3]])).toEqual([
        ['200', 'proxied'],
        ['200', 'proxied'],
      ]);
      expect(r.tokens.carol).toMatchObject({ calls: 1, statuses: { '401': 1 }, methods: { POST: 1 }, proxied: 1 });
      expect(r.unknownTokens).toEqual({ count: 0, tokens: 0, top: [] });
      expect(r.caller).toMatchObject({ requests: 4, proxied: 3, outage: 0 });
      // The upstream auth-sim saw them: a real round trip, not a stand-in.
      expect((await report(upstream.url)).caller.requests).toBe(3);

      expect(await cli.stop()).toBe(0);
      stopped = true;
      expect(cli.stdout()).toMatch(
        /auth-sim: caller report: PASS: 4 request\(s\) for 3 token\(s\) on \d+ connection\(s\); 0 for unknown tokens, 0 token\(s\) never requested; 3 proxied to the real service\n/,
      );
    } finally {
      if (!stopped) await cli.stop();
    }
  });
});
