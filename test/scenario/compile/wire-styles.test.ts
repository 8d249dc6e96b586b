import { readFileSync } from 'node:fs';
import path from 'node:path';
import { nestedResource, RESOURCES, type ResourceName } from '../../../src/protocol/fields';
import { DEFAULT_WIRE_OPTIONS } from '../../../src/protocol/wire-encode';
import { getClient, startTestSimulator } from '../../helpers/test-simulator';

const EVERY_FIELD = readFileSync(path.join(__dirname, '..', '..', '..', 'scenarios', 'every-field.yaml'), 'utf8');

/** Every scalar of a wire resource with its table type and JSON type, found through the field table. */
function scalars(
  resource: ResourceName,
  value: Record<string, unknown>,
  at: string = resource,
): { path: string; type: string; json: string }[] {
  return Object.entries(value).flatMap(([name, v]) => {
    const spec = RESOURCES[resource].find((f) => f.name === name)!;
    const nested = nestedResource(spec.type);
    if (nested)
      return (Array.isArray(v) ? v : [v]).flatMap((item, i) =>
        scalars(nested, item as Record<string, unknown>, `${at}.${name}[${i}]`),
      );
    if (typeof spec.type === 'string' && spec.type.startsWith('Map')) return [];
    return [{ path: `${at}.${name}`, type: spec.type as string, json: typeof v }];
  });
}

/** What a typed wire sends for a table type: JSON booleans and numbers for those types, strings else. */
const TYPED: Record<string, string> = {
  Boolean: 'boolean',
  Integer: 'number',
  Long: 'number',
  String: 'string',
  Date: 'string',
};

async function fetchFull(files: Record<string, string>, token: string, options = {}) {
  const t = await startTestSimulator(files, options);
  try {
    return JSON.parse((await getClient(t.url, token)).text) as Record<string, unknown>;
  } finally {
    await t.close();
  }
}

test('strings (the default): every scalar is a JSON string, as in the reference samples', async () => {
  const found = scalars('Response', await fetchFull({ 'f.yaml': EVERY_FIELD }, 'full'));
  expect(found.length).toBeGreaterThan(40);
  expect(found.filter((s) => s.json !== 'string')).toEqual([]);
});

test('typed, globally: Booleans, Integers and Longs are JSON booleans and numbers; the rest stay strings', async () => {
  const found = scalars(
    'Response',
    await fetchFull({ 'f.yaml': EVERY_FIELD }, 'full', { wire: { ...DEFAULT_WIRE_OPTIONS, wire: 'typed' } }),
  );
  expect(found.filter((s) => s.json !== TYPED[s.type])).toEqual([]);
  expect(new Set(found.map((s) => s.json))).toEqual(new Set(['string', 'boolean', 'number']));
});

test('typed per file with defaults: wire, and per token, which wins over the file', async () => {
  const card = '{ id: 7, name: N, surname: S, firstname: F, type: "0", enabled: true }';
  const files = {
    'a.yaml': `defaults: { wire: typed }\ntokens:\n  by-file: { client: ${card} }\n  by-token: { wire: strings, client: ${card} }\n`,
  };
  const byFile = (await fetchFull(files, 'by-file')).client as Record<string, unknown>;
  const byToken = (await fetchFull(files, 'by-token')).client as Record<string, unknown>;
  expect(byFile).toEqual({ id: '7', name: 'N', surname: 'S', firstname: 'F', type: '0', enabled: true });
  expect(byToken).toEqual({ id: '7', name: 'N', surname: 'S', firstname: 'F', type: '0', enabled: 'true' });
});
