import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { EDITOR_SCHEMA_PATH } from '../../../src/scenario/schema/editor-schema';
import { RESOURCES } from '../../../src/protocol/fields';
import { startLanguageServer, type LanguageServer } from '../../helpers/language-server';
import { makeTempDir, type TempDir } from '../../helpers/temp-dir';

let server: LanguageServer;
let dir: TempDir;
beforeAll(async () => {
  dir = makeTempDir();
  server = await startLanguageServer();
});
afterAll(async () => {
  await server.close();
  dir.remove();
});

/** A user's scenario file as the README tells them to start it: one modeline naming the installed schema. */
function scenarioFile(name: string, body: string): { file: string; text: string } {
  const file = path.join(dir.path, name);
  const schema = path.relative(dir.path, path.resolve(__dirname, '../../..', EDITOR_SCHEMA_PATH));
  const text = `# yaml-language-server: $schema=${schema}\n${body}`;
  writeFileSync(file, text);
  return { file, text };
}

test('yaml-language-server flags a misspelt Client field at its line, and the required field it leaves missing', async () => {
  const { file, text } = scenarioFile(
    'misspelt.yaml',
    'tokens:\n  alice:\n    client:\n      id: "1"\n      name: Ivanova Alisa\n      surnmae: Ivanova\n      firstname: Alisa\n      type: "0"\n      enabled: true\n',
  );
  const lineOf = (key: string) => text.split('\n').findIndex((l) => l.trimStart().startsWith(`${key}:`));
  const diagnostics = await server.open(file, text);
  expect(diagnostics.map((d) => [d.range.start.line, d.range.start.character, d.message])).toEqual([
    [lineOf('client'), 4, 'Missing property "surname".'],
    [lineOf('surnmae'), 6, 'Property surnmae is not allowed.'],
  ]);
  expect(lineOf('surnmae')).toBe(6);
});

test('yaml-language-server completes the Client fields not yet written inside a client: mapping, with their meaning', async () => {
  const { file, text } = scenarioFile('complete.yaml', 'tokens:\n  alice:\n    client:\n      id: "1"\n      \n');
  await server.open(file, text);
  const items = await server.complete(file, 5, 6);
  const fieldNames = RESOURCES.Client.map((f) => f.name).filter((n) => n !== 'id');
  // An editor lists items by sortText, then label: the "Client" snippet (required fields) first, then every field not written yet.
  const shown = [...items]
    .sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label))
    .map((i) => i.label);
  expect(shown).toEqual(['Client', ...[...fieldNames].sort((a, b) => a.localeCompare(b))]);
  expect(items.find((i) => i.label === 'surname')?.documentation).toBe(
    'Surname (String; required; since protocol 1.0). Expected: a string.',
  );
});

test('yaml-language-server flags a body on a 204 and a framing header with the reasons validate gives', async () => {
  const { file, text } = scenarioFile(
    'wire.yaml',
    'tokens:\n  gone:\n    status: 204\n    errorCode: GONE\n  alice:\n    headers:\n      content-length: 10\n      X-Trace: a\n    errorCode: E\n',
  );
  const lineOf = (key: string) => text.split('\n').findIndex((l) => l.trimStart().startsWith(`${key}:`));
  const diagnostics = await server.open(file, text);
  // In the file's order (the server lists them in the order its rules ran).
  const byLine = [...diagnostics].sort((a, b) => a.range.start.line - b.range.start.line);
  expect(byLine.map((d) => [d.range.start.line, d.range.start.character, d.message])).toEqual([
    [
      lineOf('errorCode'),
      4,
      'status 204 (No Content) never has a body (RFC 9110, 15.3.5), so this field would not reach the client; remove it, or choose a status that has a body',
    ],
    [
      lineOf('content-length'),
      6,
      'this header is set by auth-sim from the bytes it sends: a written value would be dropped, and a different one would leave the client waiting for bytes that never come or reading the next answer as part of this one; remove it (to cut a body short on purpose, use fault: truncated)',
    ],
  ]);
});
