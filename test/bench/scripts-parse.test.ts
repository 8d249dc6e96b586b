import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compileFunction } from 'node:vm';

// The bench and build scripts are plain JavaScript outside tsc and jest's reach: a merge that
// leaves one unparseable would only show when someone next runs `npm run bench`.
const root = path.resolve(__dirname, '..', '..');
const scripts = ['bench', 'bench/sections', 'scripts'].flatMap((dir) =>
  readdirSync(path.join(root, dir))
    .filter((name) => name.endsWith('.js'))
    .map((name) => `${dir}/${name}`),
);

/**
 * What `node --check` does with a CommonJS file, without a process per file: compiles the text as
 * the body of the module wrapper function (a #! line allowed), which throws on any syntax error.
 */
function checkSyntax(text: string, filename: string): void {
  compileFunction(text, ['exports', 'require', 'module', '__filename', '__dirname'], { filename });
}

test.each(scripts)('%s parses', (script) => {
  const file = path.join(root, script);
  expect(() => checkSyntax(readFileSync(file, 'utf8'), file)).not.toThrow();
});

test('a syntax error, even in a function never called, fails the same check', () => {
  expect(() => checkSyntax('#!/usr/bin/env node\nfunction f() {\n  let x;\n  let x;\n}\n', 'broken.js')).toThrow(
    "Identifier 'x' has already been declared",
  );
});
