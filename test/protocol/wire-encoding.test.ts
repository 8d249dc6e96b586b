import { RESOURCES, nestedResource, type FieldType, type ResourceName } from '../../src/protocol/fields';
import { getClient, postClient, startTestSimulator, type TestSimulator } from '../helpers/test-simulator';
import { sampleResource } from '../helpers/sample-resource';

/** What the reference's samples send for an authored value: every scalar a JSON string. */
function expectedWire(type: FieldType, value: unknown): unknown {
  const nested = nestedResource(type);
  if (nested && Array.isArray(value)) return value.map((v) => expectedResource(nested, v as Record<string, unknown>));
  if (nested) return expectedResource(nested, value as Record<string, unknown>);
  if (type === 'Map<String,String>')
    return Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, String(v)]));
  return String(value);
}

function expectedResource(resource: ResourceName, value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const spec of RESOURCES[resource])
    if (spec.name in value) out[spec.name] = expectedWire(spec.type, value[spec.name]);
  return out;
}

const client = sampleResource('Client');
const companyList = [sampleResource('Company'), sampleResource('Company')];

let t: TestSimulator;
beforeAll(async () => {
  t = await startTestSimulator({ 'full.json': JSON.stringify({ tokens: { full: { client, companyList } } }) });
});
afterAll(() => t.close());

test('the sample card fills every field of every resource in the table', () => {
  const seen = new Set<string>();
  const walk = (resource: ResourceName, value: Record<string, unknown>) => {
    for (const spec of RESOURCES[resource]) {
      if (!(spec.name in value)) continue;
      seen.add(`${resource}.${spec.name}`);
      const nested = nestedResource(spec.type);
      const items = Array.isArray(value[spec.name])
        ? (value[spec.name] as Record<string, unknown>[])
        : [value[spec.name] as Record<string, unknown>];
      if (nested) items.forEach((v) => walk(nested, v));
    }
  };
  walk('Response', { client, companyList });
  const all = (Object.keys(RESOURCES) as ResourceName[]).flatMap((r) => RESOURCES[r].map((f) => `${r}.${f.name}`));
  const unreachable = all.filter((f) => !seen.has(f) && !f.startsWith('Response.error'));
  expect(unreachable).toEqual([]);
});

test.each([
  ['GET', getClient],
  ['POST', postClient],
])('%s round-trips every field, each scalar as a JSON string', async (_method, call) => {
  const res = await call(t.url, 'full');
  expect(res.status).toBe(200);
  expect(JSON.parse(res.text)).toEqual(expectedResource('Response', { client, companyList }));
});

test('Boolean and number fields go out as the strings "true" and "42"', async () => {
  const body = JSON.parse((await getClient(t.url, 'full')).text);
  expect(body.client.enabled).toBe('true');
  expect(body.client.bankBranch.id).toBe('42');
  expect(body.companyList[0].id).toBe('42');
  expect(body.client.group[0].parentGroup.priority).toBe('42');
});

test('UTF-8 text is served intact', async () => {
  const res = await getClient(t.url, 'full');
  expect(res.contentType).toBe('application/json; charset=utf-8');
  expect(JSON.parse(res.text).client.name).toBe('Client.name тест');
});
