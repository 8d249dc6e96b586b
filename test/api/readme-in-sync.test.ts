import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

/** The first ```ts block after a README heading. */
function blockAfter(readme: string, heading: string): string | undefined {
  const at = readme.indexOf(`\n${heading}\n`);
  if (at === -1) return undefined;
  return /```ts\n([\s\S]*?)```/.exec(readme.slice(at))?.[1];
}

test('the README jest example is, character for character, the example test that runs', () => {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const example = readFileSync(path.join(__dirname, 'readme-example.test.ts'), 'utf8');
  expect(blockAfter(readme, '## Use it from a jest suite')).toBe(example);
});
