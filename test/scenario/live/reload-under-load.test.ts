import http from 'node:http';
import path from 'node:path';
import { renameSync, writeFileSync } from 'node:fs';
import { startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';
import { waitFor } from '../../helpers/wait-for';

const V1 = `
tokens:
  alice:
    client: { id: 1, name: Ann One, surname: One, firstname: Ann, type: "0", enabled: true }
  expired:
    status: 401
    errorCode: TOKEN_EXPIRED
    errorText: expired in version one
  slow:
    delay: 15ms
    status: 503
    body: none
`;

const V2 = `
tokens:
  alice:
    client: { id: 2, name: Ann Two, surname: Two, firstname: Ann, type: "1", enabled: false }
  expired:
    status: 403
    errorCode: TOKEN_BLOCKED
    errorText: blocked in version two
  slow:
    delay: 15ms
    status: 200
    client: { id: 3, name: Sam Slow, surname: Slow, firstname: Sam, type: "0", enabled: true }
  bob:
    errorCode: ONLY_IN_TWO
    errorText: bob exists only in version two
    status: 409
`;

const BROKEN = `
tokens:
  alice:
    client: { id: 1, name: Ann One, surname: One
  expired: [
`;

const TOKENS = ['alice', 'expired', 'slow', 'bob'];
const LOOPS = 20;
const REWRITES = 60;

/** "status body" of one GET over a keep-alive agent. */
function ask(url: string, token: string, agent: http.Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${url}/rest/chat/client/id/${token}`, { agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(`${res.statusCode} ${Buffer.concat(chunks).toString('utf8')}`));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

let t: TestSimulator;
afterAll(() => t?.close());

test("60 rewrites between two versions and a broken one under 20 concurrent keep-alive loops: no failure, no 5xx but the scenario's own, every answer wholly from one version", async () => {
  t = await startTestSimulator({ 'a.yaml': V1 });
  const file = path.join(t.dir.path, 'a.yaml');
  const agent = new http.Agent({ keepAlive: true, maxSockets: LOOPS });
  const snapshot = async () =>
    Object.fromEntries(await Promise.all(TOKENS.map(async (k) => [k, await ask(t.url, k, agent)] as const)));
  const one = await snapshot();
  await rewrite(file, V2, 0);
  const two = await snapshot();
  for (const token of TOKENS) expect(one[token]).not.toBe(two[token]);

  const counts = { requests: 0, failures: 0, unexpected: [] as string[] };
  const seen = new Set<string>();
  let going = true;
  const loop = async (n: number) => {
    for (let i = n; going; i += 1) {
      const token = TOKENS[i % TOKENS.length];
      try {
        const answer = await ask(t.url, token, agent);
        counts.requests += 1;
        if (answer !== one[token] && answer !== two[token]) counts.unexpected.push(`${token}: ${answer}`);
        seen.add(answer);
      } catch (error) {
        counts.failures += 1;
        counts.unexpected.push(`${token}: ${(error as Error).message}`);
      }
    }
  };
  const loops = Array.from({ length: LOOPS }, (_, n) => loop(n));

  const versions = [V1, BROKEN, V2];
  for (let i = 0; i < REWRITES; i += 1) await rewrite(file, versions[i % versions.length], i);
  going = false;
  await Promise.all(loops);
  agent.destroy();

  expect(counts.failures).toBe(0);
  expect(counts.unexpected).toEqual([]);
  expect(counts.requests).toBeGreaterThan(REWRITES * LOOPS);
  // 503 appears only as version one's own scripted answer for `slow`, never from the simulator.
  expect([...seen].filter((a) => a.startsWith('5') && a !== one.slow)).toEqual([]);
  for (const token of TOKENS) {
    expect(seen.has(one[token])).toBe(true);
    expect(seen.has(two[token])).toBe(true);
  }
  expect(t.sim.store.status().reloads).toBeGreaterThanOrEqual(1 + 1 + (REWRITES * 2) / 3);
});

/**
 * Saves `text` (in place, or via a temp file renamed over, alternately) and waits until the
 * store has acted on it: a new set for a good version, a reported error for the broken one.
 */
async function rewrite(file: string, text: string, i: number): Promise<void> {
  const before = t.sim.store.status();
  if (i % 2 === 0) writeFileSync(file, text);
  else {
    writeFileSync(`${file}.tmp~`, text);
    renameSync(`${file}.tmp~`, file);
  }
  if (text === BROKEN) {
    await waitFor(
      () => t.sim.store.status().lastError !== null && t.sim.store.status().lastError !== before.lastError,
      { what: `rewrite ${i} reported broken` },
    );
  } else {
    await waitFor(() => t.sim.store.status().reloads > before.reloads, { what: `rewrite ${i} applied` });
  }
}
