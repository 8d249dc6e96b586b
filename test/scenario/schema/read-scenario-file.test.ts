import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { placeOf } from '../../../src/scenario/base/locate-node';
import { parseScenarioFile } from '../../../src/scenario/schema/parse-scenario-file';
import type { SourceRef } from '../../../src/scenario/base/problem';

const SCENARIOS = join(__dirname, '../../../scenarios');

function shipped(dir = SCENARIOS): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? shipped(join(dir, e.name)) : /\.(ya?ml|json)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** Where the `yaml` library places each token key: what every reported place is measured against. */
function yamlPlaces(file: string, text: string): [string, string][] {
  const parsed = parseScenarioFile(file, text);
  return Object.keys((parsed.data.tokens ?? {}) as object).map((t) => {
    const pos = placeOf(parsed, ['tokens', t], 'key');
    return [t, `${pos.line}:${pos.col}`];
  });
}

const places = (map: ReadonlyMap<string, SourceRef> | undefined) =>
  [...(map ?? [])].map(([t, p]): [string, string] => [t, `${p.line}:${p.column}`]);

const STYLES: [string, string][] = [
  [
    'plain block YAML',
    'tokens:\n  alice:\n    status: 401\n  # a comment\n  bob:\n\n    status: 402\nfallback: { status: 404 }\n',
  ],
  ['flow YAML', 'tokens: { alice: { status: 401 },\n  bob: { status: 402 } }\n'],
  ['quoted keys', '"tokens":\n  "alice":\n    "status": 401\n  \'b o b\': { "status": 402 }\n'],
  ['JSON', '{\n  "tokens": {\n    "alice": { "status": 401 },\n    "bob": {\n      "status": 402\n    }\n  }\n}\n'],
  [
    'anchors and merge keys',
    'defaults: { delay: 1 }\ntokens:\n  alice: &card\n    status: 401\n  bob:\n    <<: *card\n    errorCode: X\n  carol: *card\n',
  ],
  [
    'tokens after other keys',
    'fallback:\n  status: 404\n  headers: { X-A: "1" }\ntokens:\n    alice: { status: 401 }\n',
  ],
];

describe('the one reader places every token key where the yaml library does', () => {
  test.each(STYLES)('%s', (_style, text) => {
    const parsed = parseScenarioFile('styles.yaml', text);
    expect(parsed.problems).toEqual([]);
    expect(places(parsed.tokenPlaces)).toEqual(yamlPlaces('styles.yaml', text));
  });

  test.each(shipped().map((f) => [f.slice(SCENARIOS.length + 1), f]))('shipped %s', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    const parsed = parseScenarioFile(file, text);
    expect(parsed.problems).toEqual([]);
    expect(places(parsed.tokenPlaces)).toEqual(yamlPlaces(file, text));
  });

  test('an explicit key (? key) leaves the places to the yaml library', () => {
    const parsed = parseScenarioFile('explicit.yaml', 'tokens:\n  ? alice\n  : { status: 401 }\n');
    expect(parsed.tokenPlaces).toBeUndefined();
    expect(yamlPlaces('explicit.yaml', 'tokens:\n  ? alice\n  : { status: 401 }\n')).toEqual([['alice', '2:5']]);
  });
});
