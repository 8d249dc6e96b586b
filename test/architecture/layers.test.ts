import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';

/**
 * The layers live in .dependency-cruiser.cjs and `npm run lint` checks them; these tests hold the
 * rules themselves to account: src/ passes them, and a cycle written on purpose into a scratch
 * tree is caught, naming the rule it breaks. dependency-cruiser is an ES module Jest's CommonJS
 * runtime cannot load, so it runs as its own command, as `npm run lint` runs it.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = path.join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

// Each dependency-cruiser run is a process of its own: seconds of compiler work, far more on a busy machine.
jest.setTimeout(90_000);

interface Violation {
  readonly from: string;
  readonly to: string;
  readonly rule: { readonly name: string };
}

/** Cruises `src` under `cwd` with the project's rules; the violations, and how many modules were read. */
async function cruise(cwd: string): Promise<{ violations: Violation[]; modules: number }> {
  const run = promisify(execFile)(process.execPath, [DEPCRUISE, 'src', '--config', CONFIG, '--output-type', 'json'], {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
  });
  // A violation exits non-zero; the report on stdout is what is asserted.
  const { stdout } = await run.catch((error: { stdout: string }) => error);
  const { summary } = JSON.parse(stdout) as { summary: { violations: Violation[]; totalCruised: number } };
  return { violations: summary.violations, modules: summary.totalCruised };
}

test('src/ keeps its layers: no file or folder cycle, each folder imports only the layers below it', async () => {
  const { violations, modules } = await cruise(ROOT);
  expect(modules).toBeGreaterThan(100); // src/ was read at all
  expect(violations).toEqual([]);
});

describe('an import added against the layers is caught', () => {
  /**
   * Three breaks written into one scratch tree, in folders that import nothing of each other, and
   * cruised in one run; each test reads the violations from its own folder (every scratch file is
   * under one of the three).
   */
  let dir: TempDir;
  let broken: string[];
  beforeAll(async () => {
    dir = makeTempDir('auth-sim-layers-');
    dir.write('tsconfig.json', '{ "compilerOptions": { "module": "commonjs", "strict": true } }');
    // A folder cycle with no file cycle: base reaches live, live reaches base.
    dir.write('src/scenario/base/problem.ts', "import { diff } from '../live/diff-sets';\nexport const p = diff;\n");
    dir.write(
      'src/scenario/live/diff-sets.ts',
      "import { size } from '../base/size-limits';\nexport const diff = size;\n",
    );
    dir.write('src/scenario/base/size-limits.ts', 'export const size = 1;\n');
    // A sub-folder importing the wiring that imports it.
    dir.write(
      'src/server/start-server.ts',
      "import { handle } from './endpoint/protocol-handler';\nexport const s = handle;\n",
    );
    dir.write('src/server/endpoint/protocol-handler.ts', 'export const handle = 1;\n');
    dir.write('src/server/endpoint/journal.ts', "import { s } from '../start-server';\nexport const j = s;\n");
    // A file cycle inside one folder.
    dir.write('src/protocol/fields.ts', "import { v } from './versions';\nexport const f = v;\n");
    dir.write('src/protocol/versions.ts', "import { f } from './fields';\nexport const v = f;\n");
    broken = (await cruise(dir.path)).violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
  });
  afterAll(() => dir.remove());

  /** The broken rules whose importing side is under `folder`, each as `rule: from -> to`, folders for folder rules. */
  const brokenFrom = (folder: string) => broken.filter((line) => line.split(': ')[1].startsWith(folder));

  test('a folder cycle with no file cycle: base reaches live, live reaches base', () => {
    expect(brokenFrom('src/scenario/')).toEqual([
      'layer-scenario-base: src/scenario/base/problem.ts -> src/scenario/live/diff-sets.ts',
      'no-circular-folders: src/scenario/base -> src/scenario/live',
      'no-circular-folders: src/scenario/live -> src/scenario/base',
    ]);
  });

  test('a sub-folder importing the wiring that imports it: the protocol path reaching start-server', () => {
    expect(brokenFrom('src/server/')).toEqual([
      'layer-server-endpoint: src/server/endpoint/journal.ts -> src/server/start-server.ts',
      'no-circular-into-parent: src/server/endpoint/journal.ts -> src/server/start-server.ts',
    ]);
  });

  test('a file cycle inside one folder', () => {
    expect(brokenFrom('src/protocol/')).toEqual(['no-circular: src/protocol/fields.ts -> src/protocol/versions.ts']);
  });
});
