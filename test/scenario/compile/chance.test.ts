import { getClient, postClient, startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';

const CARD = '{ id: "1", name: N, surname: S, firstname: F, type: "0", enabled: true }';
const SCENARIO = `
tokens:
  flaky-crm:
    status: 503
    errorCode: CRM_DOWN
    errorText: CRM is down
    chance: 0.3
    otherwise: { client: ${CARD} }
  sometimes-empty:
    fault: empty-200
    chance: 0.5
    client: ${CARD}
  rare:
    fault: no-card
    chance: 0.25
    client: ${CARD}
  never: { fault: html, chance: 0, client: ${CARD} }
  always: { fault: html, chance: 1, client: ${CARD} }
`;
const TOKENS = ['flaky-crm', 'sometimes-empty', 'rare'];

/** One request's outcome, as a short label a test can compare. */
async function outcome(url: string, token: string, viaPost = false): Promise<string> {
  const res = viaPost ? await postClient(url, token) : await getClient(url, token);
  return `${res.status}:${res.text.length === 0 ? 'empty' : res.text.includes('"client"') ? 'card' : res.text.slice(0, 20)}`;
}

async function withSimulator<T>(seed: number | undefined, run: (t: TestSimulator) => Promise<T>): Promise<T> {
  const t = await startTestSimulator({ 'chance.yaml': SCENARIO }, { seed });
  try {
    return await run(t);
  } finally {
    await t.close();
  }
}

/** 30 requests per token, interleaved round-robin and concurrently. */
async function roundRobin(t: TestSimulator): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = Object.fromEntries(TOKENS.map((k) => [k, []]));
  for (let i = 0; i < 30; i++) {
    const round = await Promise.all(TOKENS.map((token) => outcome(t.url, token, i % 2 === 1)));
    round.forEach((o, j) => out[TOKENS[j]].push(o));
  }
  return out;
}

/** The same 30 requests per token, one token after the other, in reverse order. */
async function tokenByToken(t: TestSimulator): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const token of [...TOKENS].reverse()) {
    out[token] = [];
    for (let i = 0; i < 30; i++) out[token].push(await outcome(t.url, token));
  }
  return out;
}

test('the same seed replays every token request by request, however requests interleave', async () => {
  const first = await withSimulator(42, roundRobin);
  const second = await withSimulator(42, tokenByToken);
  expect(second).toEqual(first);
  for (const token of TOKENS) expect(new Set(first[token]).size).toBe(2);
});

test('another seed gives another run', async () => {
  const first = await withSimulator(42, tokenByToken);
  const other = await withSimulator(43, tokenByToken);
  expect(other).not.toEqual(first);
});

test('a chance fires on about that share of requests', async () => {
  const counts = await withSimulator(7, async (t) => {
    let fired = 0;
    for (let i = 0; i < 400; i++) if ((await outcome(t.url, 'rare')) === '200:{}') fired += 1;
    return fired;
  });
  expect(counts).toBeGreaterThan(60);
  expect(counts).toBeLessThan(140);
});

test('a response with a chance answers its otherwise when the chance misses', async () => {
  const seen = await withSimulator(
    3,
    async (t) => new Set(await Promise.all(Array.from({ length: 40 }, () => outcome(t.url, 'flaky-crm')))),
  );
  expect([...seen].sort()).toEqual(['200:card', '503:{"errorCode":"CRM_DO']);
});

test('chance 0 never fires and chance 1 always does', async () => {
  await withSimulator(1, async (t) => {
    for (let i = 0; i < 20; i++) {
      expect(await outcome(t.url, 'never')).toBe('200:card');
      expect((await getClient(t.url, 'always')).status).toBe(502);
    }
  });
});

test('without --seed a seed is picked and reported, so the run can be replayed', async () => {
  const picked = await withSimulator(undefined, async (t) => ({ seed: t.sim.seed, run: await tokenByToken(t) }));
  expect(Number.isInteger(picked.seed)).toBe(true);
  expect(await withSimulator(picked.seed, tokenByToken)).toEqual(picked.run);
});
