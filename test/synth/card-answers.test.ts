import type { WireOptions } from '../../src/protocol/wire-encode';
import { compileEntry } from '../../src/scenario/compile/compile-entry';
import type { EntryData } from '../../src/scenario/schema/scenario-schema';
import { loadSet } from '../helpers/load-set';
import { formatProblem } from '../../src/scenario/base/problem';
import { lookupEntry, type Answer } from '../../src/scenario/compile/scenario-set';
import { TokenStates } from '../../src/scenario/state/token-state';
import { toPopulationSpec } from '../../src/synth/population-spec';
import { populationEntries } from '../../src/synth/population-writer';

const BASE: WireOptions = { version: '1.4', modules: ['auth-b-api'], wire: 'strings' };
const SOURCE = { file: 'a.yaml', line: 1, column: 1 };

const CASES: [string, EntryData, Record<string, unknown>][] = [
  ['no settings', {}, {}],
  [
    'file headers, a fixed delay and protocol 1.1',
    { headers: { 'X-Source': 'people' }, delay: '5ms', protocol: '1.1' },
    { type: 0.5, errors: 0.2 },
  ],
  [
    'typed wire from the item, protocol 1.3 from the file',
    { protocol: '1.3' },
    { wire: 'typed', deprecated: true, fill: '0..1', type: 0.7 },
  ],
  ['a random delay (the general compiler)', {}, { delay: { uniform: ['1ms', '30ms'] }, errors: 0.1 }],
];

const view = (a: Answer) => ({
  status: a.reply.status,
  headers: a.reply.headers,
  body: a.reply.body?.toString('utf8'),
  delayMs: a.delayMs,
  fault: a.fault,
});

test.each(CASES)('a served card is the card compiled as a hand-written entry: %s', (_name, defaults, item) => {
  const raw = { tokens: 'p-{n}', count: 60, seed: 5, ...item };
  const text = JSON.stringify({ defaults, generate: [raw] });
  const result = loadSet([{ file: 'a.json', text }], { wire: BASE });
  if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'));
  const spec = toPopulationSpec(raw);
  if ('message' in spec) throw new Error(spec.message);
  let cards = 0;
  for (const [token, entry] of populationEntries(spec)) {
    const states = new TokenStates(7);
    const served = lookupEntry(result.set, token).answer({ token, states }) as Answer;
    const expected = compileEntry(entry, defaults, BASE, SOURCE).answer({
      token,
      states: new TokenStates(7),
    }) as Answer;
    expect([token, view(served)]).toEqual([token, view(expected)]);
    if (served.reply.status === 200) cards += 1;
  }
  expect(cards).toBeGreaterThan(30);
});
