import { startCli, type CliProcess } from '../helpers/spawn-cli';
import { getClient } from '../helpers/test-simulator';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';

const POPULATION = `
generate:
  - tokens: "det-{n}"
    count: 1000000
    seed: 77
    errors: 0.05
    type: 0.4
`;

/** A spread of tokens over the whole population, first and last included. */
const SAMPLE = [
  ...new Set([
    1,
    2,
    3,
    999_999,
    1_000_000,
    ...Array.from({ length: 115 }, (_, i) => 1 + ((i * 7919 * 104729) % 1_000_000)),
  ]),
].map((n) => `det-${n}`);

/** Fetches tokens one at a time in the given order, so the order is really the order served. */
async function fetchInOrder(url: string, tokens: readonly string[]): Promise<Map<string, Buffer>> {
  const bodies = new Map<string, Buffer>();
  for (const token of tokens) bodies.set(token, (await getClient(url, token)).bytes);
  return bodies;
}

let dir: TempDir;
let first: CliProcess;
let second: CliProcess;

beforeAll(async () => {
  dir = makeTempDir();
  dir.write('population.yaml', POPULATION);
  [first, second] = await Promise.all(
    [0, 1].map(() => startCli(['--scenarios', dir.path, '--port', '0', '--no-watch'])),
  );
});
afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  dir.remove();
});

test('two processes with the same seed serve byte-identical cards, whatever order tokens are asked in', async () => {
  const reversed = [...SAMPLE].reverse();
  const shuffled = [...SAMPLE].sort(
    (a, b) => ((a.length * 31 + a.charCodeAt(a.length - 1)) % 17) - ((b.length * 31 + b.charCodeAt(b.length - 1)) % 17),
  );
  const a = await fetchInOrder(first.url, SAMPLE);
  // The second process warms up on other tokens first: a card must not depend on what came before it.
  await fetchInOrder(second.url, ['det-500000', 'det-42', 'det-77777']);
  const b = await fetchInOrder(second.url, reversed);
  const c = await fetchInOrder(first.url, shuffled);
  const differing = SAMPLE.filter(
    (t) => !a.get(t)?.equals(b.get(t) as Buffer) || !a.get(t)?.equals(c.get(t) as Buffer),
  );
  expect(differing).toEqual([]);
  const cards = SAMPLE.filter((t) => a.get(t)?.toString('utf8').startsWith('{"client"'));
  expect(cards.length).toBeGreaterThan(100);
  expect(new Set(cards.map((t) => a.get(t)?.toString('utf8'))).size).toBe(cards.length);
});

test('the first card of seed 77 is pinned, so a change to generation shows up as a diff here', async () => {
  const card = JSON.parse((await getClient(first.url, 'det-1')).text) as { client: Record<string, string> };
  expect(card.client.id).toBe('1000000');
  expect(card.client.name).toBe(`${card.client.surname} ${card.client.firstname} ${card.client.patronymic}`);
  expect(card.client).toMatchSnapshot();
});
