import { RESOURCES, type ResourceName } from '../../src/protocol/fields';
import { encodeResource, type WireOptions } from '../../src/protocol/wire-encode';
import { createWireJson } from '../../src/protocol/wire-json';
import { createCardGenerator } from '../../src/synth/card-generator';
import { toPopulationSpec, type PopulationSpec } from '../../src/synth/population-spec';
import { sampleResource } from '../helpers/sample-resource';

const OPTIONS: WireOptions[] = [
  { version: '1.4', modules: ['auth-b-api'], wire: 'strings' },
  { version: '1.4', modules: ['retail'], wire: 'typed' },
  { version: '1.0', modules: ['corporate'], wire: 'typed' },
  { version: '1.2', modules: ['auth-c-api'], wire: 'strings' },
];

const twoStep = (resource: ResourceName, value: Record<string, unknown>, options: WireOptions) =>
  JSON.stringify(encodeResource(resource, value, options));

function spec(raw: Record<string, unknown>): PopulationSpec {
  const parsed = toPopulationSpec({ tokens: 't-{n}', count: 1000, ...raw });
  if ('message' in parsed) throw new Error(parsed.message);
  return parsed;
}

test.each(OPTIONS)('writes what encodeResource and JSON.stringify write, under version $version, wire $wire', (options) => {
  const wire = createWireJson(options);
  const response = { client: sampleResource('Client'), companyList: [sampleResource('Company')], errorCode: 'E', extra: 'not a field' };
  expect(wire.resource('Response', response)).toBe(twoStep('Response', response, options));
  for (const resource of Object.keys(RESOURCES) as ResourceName[]) {
    const value = sampleResource(resource);
    expect(wire.resource(resource, value)).toBe(twoStep(resource, value, options));
  }
});

test('escapes exactly as JSON.stringify: quotes, backslashes, control characters, lone surrogates', () => {
  const odd = ['say "hi"', 'C:\\dir', 'tab\there', 'line\nbreak', '\u0000\u001f', 'lone \ud800 high', 'pair 😀', '\u2028', 'ёжик «ООО»'];
  for (const options of OPTIONS) {
    const wire = createWireJson(options);
    for (const text of odd) {
      const client = { id: text, name: text, enabled: text, fields: { [text]: text, 10: 1, a: true } };
      expect(wire.resource('Client', client)).toBe(twoStep('Client', client, options));
    }
    const typed = { id: '007', type: '-0', value: '12345678901234567890' };
    expect(wire.resource('ActionList', typed)).toBe(twoStep('ActionList', typed, options));
  }
});

test('a pinned resource is written as it was when pinned, wherever it is nested', () => {
  const wire = createWireJson(OPTIONS[0]);
  const branch = Object.freeze({ id: 1, name: 'Main' });
  wire.pin('Branch', branch);
  expect(wire.resource('Client', { bankBranch: branch })).toBe('{"bankBranch":{"id":"1","name":"Main"}}');
});

test.each(OPTIONS)('a generated card written in one pass is the card built then encoded, under version $version, wire $wire', (options) => {
  for (const raw of [{}, { type: 0.6, companies: '1..3', deprecated: true, fill: '0..1', entrepreneurs: 1 }, { locale: 'de', type: 0.5 }]) {
    const [built, written] = [createCardGenerator(spec(raw)), createCardGenerator(spec(raw))];
    const write = written.jsonWriter(createWireJson(options));
    for (let n = 1; n <= 200; n += 1) {
      const card = built.entryFor(n);
      const written = write(n);
      // The writer's JSON is UTF-8 bytes, one per character (src/synth/byte-text.ts).
      const json = written === 'error' ? written : Buffer.from(written, 'latin1').toString('utf8');
      expect(json === 'error' ? json : JSON.parse(json)).toEqual(card === 'error' ? card : JSON.parse(twoStep('Response', card, options)));
      if (card !== 'error') expect(json).toBe(twoStep('Response', card, options));
    }
  }
});
