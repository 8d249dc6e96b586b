import { getClient, getClients } from './test-simulator';

const CARD = '{ client: { id: "1", name: Ann Lee, surname: Lee, firstname: Ann, type: "0", enabled: true } }';
const name = (i: number) => `user-${String(i).padStart(3, '0')}`;

/**
 * 200 tokens for the Caller view at the size the issue was seen at: user-000 to user-029 expect
 * two calls and get one (30 failing), user-030 to user-119 expect one (passing), the rest expect
 * nothing; `burst` answers 503, 503, then a card.
 */
export const POPULATION_FILE = `tokens:
  burst:
    sequence: [ { status: 503 }, { status: 503 }, ${CARD} ]
${Array.from({ length: 200 }, (_, i) => {
  const expect = i < 30 ? ', expect: { calls: 2 }' : i < 120 ? ', expect: { calls: 1 }' : '';
  return `  ${name(i)}: { client: { id: "${i + 1}", name: Ann Lee, surname: Lee, firstname: Ann, type: "0", enabled: true }${expect} }`;
}).join('\n')}
`;

/** Tokens no entry names, as hostile as a name gets in markup. */
export const HOSTILE_TOKENS = ['<script>alert(1)</script>', 'line\u2028sep', 'cr\rhere', '"quoted" & \'single\''];

/**
 * Asks for user-000 to user-198 once each (user-199 stays unused), the hostile tokens once (unless
 * `hostile: false`), and
 * `burst` three times at once: three requests within a few milliseconds.
 */
export async function callPopulation(url: string, { hostile = true } = {}): Promise<void> {
  await getClients(
    url,
    Array.from({ length: 199 }, (_, i) => name(i)),
    10,
  );
  if (hostile) for (const token of HOSTILE_TOKENS) await getClient(url, token);
  await Promise.all([getClient(url, 'burst'), getClient(url, 'burst'), getClient(url, 'burst')]);
}
