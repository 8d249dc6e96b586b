import path from 'node:path';
import madge from 'madge';

/**
 * The top-level folders of src/ depend on each other one way only (cli -> server -> scenario ->
 * protocol, synth -> scenario, ...), so each can be read, tested and changed from the bottom up.
 * madge reads the import graph (type imports included); folding it to folders and finding a
 * cycle is the few lines below, since madge reports cycles between files only.
 */
const SRC = path.resolve(__dirname, '..', '..', 'src');

/** `scenario/read/x.ts` -> `scenario`; a file at the top (index.ts) is its own node. */
function folderOf(file: string): string {
  return file.split('/')[0];
}

/** Every folder cycle, each as `a -> b -> a`, found by a depth-first walk of the folder graph. */
function folderCycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const cycles: string[] = [];
  const done = new Set<string>();
  const walk = (node: string, trail: string[]): void => {
    const at = trail.indexOf(node);
    if (at !== -1) {
      cycles.push([...trail.slice(at), node].join(' -> '));
      return;
    }
    if (done.has(node)) return;
    for (const next of edges.get(node) ?? []) walk(next, [...trail, node]);
    done.add(node);
  };
  for (const node of [...edges.keys()].sort()) walk(node, []);
  return cycles;
}

test('no import cycle between the top-level folders of src/', async () => {
  const graph = (
    await madge(SRC, { fileExtensions: ['ts'], tsConfig: path.resolve(SRC, '..', 'tsconfig.json') })
  ).obj();
  const edges = new Map<string, Set<string>>();
  for (const [from, imports] of Object.entries(graph)) {
    for (const to of imports) {
      if (folderOf(from) === folderOf(to)) continue;
      if (!edges.has(folderOf(from))) edges.set(folderOf(from), new Set());
      edges.get(folderOf(from))!.add(folderOf(to));
    }
  }
  expect(edges.get('cli')?.has('scenario')).toBe(true); // the graph was read at all
  expect(folderCycles(edges)).toEqual([]);
});

test('the cycle finder names a cycle it is given', () => {
  const edges = new Map([
    ['scenario', new Set(['synth'])],
    ['synth', new Set(['scenario'])],
  ]);
  expect(folderCycles(edges)).toEqual(['scenario -> synth -> scenario']);
});
