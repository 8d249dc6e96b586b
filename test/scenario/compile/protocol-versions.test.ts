import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { findField, RESOURCES } from '../../../src/protocol/fields';
import { isIntroducedBy, PROTOCOL_VERSIONS, type ProtocolVersion } from '../../../src/protocol/versions';
import { DEFAULT_WIRE_OPTIONS } from '../../../src/protocol/wire-encode';
import { formatProblem } from '../../../src/scenario/base/problem';
import { getClient, postClient, startTestSimulator } from '../../helpers/test-simulator';

const EVERY_FIELD = readFileSync(path.join(__dirname, '..', '..', '..', 'scenarios', 'every-field.yaml'), 'utf8');
const AUTHORED = (parse(EVERY_FIELD) as { tokens: { full: { client: Record<string, unknown> } } }).tokens.full.client;
const AUTHORED_KEYS = Object.keys(AUTHORED);

/** The Client keys a version serves of the shipped every-field card, in the order written: from the field table. */
function servedKeys(version: ProtocolVersion): string[] {
  return AUTHORED_KEYS.filter((name) => isIntroducedBy(findField('Client', name)!.since, version));
}

/** The fields a version leaves out, as the load warning lists them (table order). */
function leftOut(version: ProtocolVersion): string[] {
  return RESOURCES.Client.filter((f) => f.name in AUTHORED && !isIntroducedBy(f.since, version)).map(
    (f) => `${f.name} (since ${f.since})`,
  );
}

describe.each(PROTOCOL_VERSIONS.map((v) => [v]))('serving protocol %s', (version) => {
  test('the card has exactly the fields introduced by then, in the order written, on GET and POST', async () => {
    const t = await startTestSimulator(
      { 'every-field.yaml': EVERY_FIELD },
      { wire: { ...DEFAULT_WIRE_OPTIONS, version } },
    );
    try {
      for (const res of [await getClient(t.url, 'full'), await postClient(t.url, 'full')]) {
        expect(res.status).toBe(200);
        expect(Object.keys(JSON.parse(res.text).client)).toEqual(servedKeys(version));
      }
      const warning = t.sim.store.set.warnings.find((w) => w.path === 'tokens.full.client');
      const expected = leftOut(version);
      if (expected.length === 0) expect(warning).toBeUndefined();
      else
        expect(warning?.message).toBe(
          `tokens.full.client is served as protocol ${version}, which leaves out ${expected.join(', ')}`,
        );
    } finally {
      await t.close();
    }
  });
});

test('every version up to 1.4 leaves out more, and 1.0 serves only the original fields', () => {
  const sizes = PROTOCOL_VERSIONS.map((v) => servedKeys(v).length);
  expect([...sizes].sort((a, b) => a - b)).toEqual(sizes);
  expect(new Set(sizes).size).toBe(PROTOCOL_VERSIONS.length);
  expect(servedKeys('1.0').every((k) => findField('Client', k)!.since === '1.0')).toBe(true);
});

test('a token protocol wins over the file default, which wins over the global one', async () => {
  const card =
    '{ id: "1", name: N, surname: S, firstname: F, type: "0", enabled: true, shortName: Sh, secretWord: w, actionList: [{ value: "https://x" }] }';
  const files = {
    'a.yaml': `defaults: { protocol: "1.1" }\ntokens:\n  by-file: { client: ${card} }\n  by-token: { protocol: "1.2", client: ${card} }\n`,
    'b.yaml': `tokens:\n  by-global: { client: ${card} }\n`,
  };
  const t = await startTestSimulator(files, { wire: { ...DEFAULT_WIRE_OPTIONS, version: '1.0' } });
  try {
    const keys = async (token: string) => Object.keys(JSON.parse((await getClient(t.url, token)).text).client);
    const base = ['id', 'name', 'surname', 'firstname', 'type', 'enabled'];
    expect(await keys('by-global')).toEqual(base);
    expect(await keys('by-file')).toEqual([...base, 'shortName']);
    expect(await keys('by-token')).toEqual([...base, 'shortName', 'secretWord']);
  } finally {
    await t.close();
  }
});

test('deprecated fields are served, with a load warning naming the replacement and the place', async () => {
  const t = await startTestSimulator({ 'every-field.yaml': EVERY_FIELD });
  try {
    const client = JSON.parse((await getClient(t.url, 'full')).text).client;
    expect(client.crmURL).toBe(AUTHORED.crmURL);
    expect(client.fields).toEqual(AUTHORED.fields);
    const lines = EVERY_FIELD.split('\n');
    const at = (key: string) => `${lines.findIndex((l) => l.trimStart().startsWith(`${key}:`)) + 1}:7`;
    const file = t.sim.store.set.files[0];
    expect(t.sim.store.set.warnings.map(formatProblem)).toEqual([
      `${file}:${at('crmURL')} warning: tokens.full.client.crmURL is deprecated; use actionList instead (it is still served)`,
      `${file}:${at('fields')} warning: tokens.full.client.fields is deprecated; use fieldList instead (it is still served)`,
    ]);
  } finally {
    await t.close();
  }
});
