import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv/dist/2020';
import { renderFieldDocs } from '../../src/protocol/field-docs';
import { wireResponseSchema } from '../../src/protocol/json-schema';
import { getClient, startTestSimulator } from '../helpers/test-simulator';
import { sampleResource } from '../helpers/sample-resource';

test('docs/protocol-fields.md is the current render of the field table', () => {
  const committed = readFileSync(path.resolve(__dirname, '..', '..', 'docs', 'protocol-fields.md'), 'utf8');
  expect(committed).toBe(renderFieldDocs());
});

test('what the simulator sends validates against the wire schema derived from the same table', async () => {
  const t = await startTestSimulator({
    'f.json': JSON.stringify({
      tokens: { full: { client: sampleResource('Client'), companyList: [sampleResource('Company')] } },
    }),
  });
  try {
    const body = JSON.parse((await getClient(t.url, 'full')).text);
    const validate = new Ajv({ strict: false }).compile(wireResponseSchema());
    const valid = validate(body);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    expect(validate({ client: { ...body.client, enabled: true } })).toBe(false);
  } finally {
    await t.close();
  }
});
