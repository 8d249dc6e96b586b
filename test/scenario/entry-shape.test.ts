import { execFileSync } from 'node:child_process';
import path from 'node:path';

const DIST = path.join(__dirname, '..', '..', 'dist');

/**
 * Whether V8 gives two compiled entries the same hidden class, asked of V8 itself
 * (`%HaveSameMap`, a native only `--allow-natives-syntax` allows, so in a child node on the built
 * dist/, as `npm test` builds it first).
 */
function entriesShareHiddenClass(): string {
  const script = `
    const { compileEntry } = require(${JSON.stringify(path.join(DIST, 'scenario/compile/compile-entry.js'))});
    const { DEFAULT_WIRE_OPTIONS } = require(${JSON.stringify(path.join(DIST, 'protocol/wire-encode.js'))});
    const entry = (token, line) =>
      compileEntry({ status: 401, errorCode: 'E', errorText: token }, {}, DEFAULT_WIRE_OPTIONS, { file: 'a.yaml', line, column: 3 }, token);
    const a = entry('alice', 2);
    const b = entry('bob', 5);
    a.answer({ token: 'alice' });
    process.stdout.write(String(%HaveSameMap(entry('carol', 8), b)) + ' ' + String(%HaveSameMap(a, entry('dave', 11))));
  `;
  return execFileSync(process.execPath, ['--allow-natives-syntax', '-e', script], { encoding: 'utf8' });
}

// Each entry with a hidden class of its own (an object literal with a getter made one per entry)
// made every read of an entry's fields on the request path miss V8's property caches: four runtime
// lookups a request with 1,000 tokens (`node --log-ic`), found by bench/profile-request.js's gap.
test('compiled entries share one hidden class, before and after their first answer', () => {
  expect(entriesShareHiddenClass()).toBe('true true');
});
