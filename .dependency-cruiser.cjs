/**
 * The layers of src/, as rules dependency-cruiser checks (`npm run lint` runs it): no import
 * cycle between files or between folders at any depth, and each layer imports only the layers
 * listed beside it, each with the reason it sits where it does. The README's Architecture section
 * draws the same layers.
 */

/** A folder (or `server/*.ts`, the server's wiring) and the folders it may import besides itself, bottom up. */
const LAYERS = [
  {
    layer: 'protocol',
    may: [],
    why: 'the field table and the wire rules are the single source of truth: they depend on nothing of auth-sim',
  },
  {
    layer: 'caller-auth',
    may: [],
    why: 'checking who the caller is reads requests only; what a refused caller is answered is the scenarios’ business',
  },
  { layer: 'tls', may: [], why: 'certificates and HTTPS options know nothing of scenarios or the server' },
  {
    layer: 'scenario/base',
    may: ['protocol'],
    why: 'text and places, problems, sizes and durations: the ground every scenario layer stands on',
  },
  {
    layer: 'scenario/schema',
    may: ['protocol', 'caller-auth', 'scenario/base'],
    why: 'what a valid file is; it knows nothing of how an entry is compiled or served',
  },
  {
    layer: 'scenario/compile',
    may: ['protocol', 'caller-auth', 'scenario/base', 'scenario/schema'],
    why: 'valid entries become immutable answers; the per-token memory they read is a type here, kept by state/',
  },
  {
    layer: 'scenario/state',
    may: ['protocol', 'scenario/base', 'scenario/schema', 'scenario/compile'],
    why: 'what changes while serving (token memory, runtime tokens) is built from compiled entries, never the reverse',
  },
  {
    layer: 'scenario/live',
    may: ['protocol', 'scenario/base', 'scenario/schema', 'scenario/compile', 'scenario/state'],
    why: 'the served set, its reloads and the watcher sit on top of everything a set is made of',
  },
  {
    layer: 'synth',
    may: ['protocol', 'scenario/base', 'scenario/schema', 'scenario/compile'],
    why: 'synthetic populations are entries like any other: synth compiles them and never reaches the live set',
  },
  {
    layer: 'caller-report',
    may: ['protocol', 'scenario/base', 'scenario/schema', 'scenario/compile'],
    why: 'the caller report judges exchanges against the scenarios’ `expect:`; the server feeds it, it never reaches the server',
  },
  {
    layer: 'mcp',
    may: ['protocol', 'scenario', 'synth'],
    why: 'the MCP tools drive a simulator through its admin API (HTTP or in-process), so they know no server code',
  },
  {
    layer: 'shared-state',
    may: ['scenario/compile', 'scenario/state'],
    why: 'Redis keeps what one process would (token memory, the journal, the caller report); it knows no server code',
  },
  {
    layer: 'server/faults',
    may: ['scenario/schema', 'scenario/compile'],
    why: 'a fault acts on a connection; the protocol path decides when, so faults never import it',
  },
  {
    layer: 'server/endpoint',
    may: ['protocol', 'scenario/base', 'scenario/compile', 'scenario/state', 'caller-report', 'server/faults'],
    why: 'the protocol path (token, answer, bytes, record) must not depend on the admin API or the wiring above it',
  },
  {
    layer: 'server/admin',
    may: ['protocol', 'scenario', 'caller-report', 'shared-state', 'server/endpoint', 'mcp'],
    why: 'the admin API reads and steers the protocol path; the path never imports the admin API',
  },
  {
    layer: 'server/*.ts',
    may: [
      'protocol',
      'caller-auth',
      'tls',
      'scenario',
      'synth',
      'caller-report',
      'shared-state',
      'server/faults',
      'server/endpoint',
      'server/admin',
    ],
    why: 'the wiring of one simulator (options, the Express app, listen/close) is the top of server/',
  },
  {
    layer: 'check',
    may: ['protocol', 'scenario/base', 'synth'],
    why: 'checking a real service needs the field table, size limits and check digits, never the simulator',
  },
  {
    layer: 'record',
    may: ['protocol', 'scenario', 'synth', 'check', 'server/endpoint'],
    why: 'recording proxies the protocol path and writes scenario files; it never runs a simulator',
  },
  {
    layer: 'api',
    may: ['protocol', 'caller-auth', 'tls', 'scenario', 'synth', 'caller-report', 'server'],
    why: 'the programmatic API wraps the server for test suites; only the CLI and index.ts stand above it',
  },
  {
    layer: 'cli',
    may: ['protocol', 'caller-auth', 'tls', 'scenario', 'synth', 'caller-report', 'server', 'check', 'record', 'mcp'],
    why: 'the CLI is the top: it parses argv and prints; nothing imports it',
  },
  {
    layer: 'dashboard',
    may: [],
    why: 'the dashboard is browser code served as files: it imports nothing of the server',
  },
];

/** `scenario/base` -> `^src/scenario/base/`; `server/*.ts` -> the files directly in src/server. */
const pathOf = (layer) => (layer === 'server/*.ts' ? '^src/server/[^/]+$' : `^src/${layer}/`);

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A file cycle means neither file can be read, tested or changed without the other.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-circular-folders',
      severity: 'error',
      comment: 'A folder cycle at any depth hides a layer that is not one: each folder must be readable from below.',
      scope: 'folder',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-circular-into-parent',
      severity: 'error',
      comment:
        'dependency-cruiser’s folder graph leaves out a folder’s own sub-folders, so a cycle between a folder’s files and ' +
        'a sub-folder is caught here: the files of a folder wire its sub-folders together, and a sub-folder never imports them.',
      from: { path: '^src/(.+)/[^/]+/' },
      to: { path: '^src/$1/[^/]+$' },
    },
    {
      name: 'no-index-inside',
      severity: 'error',
      comment: 'src/index.ts is the package’s face for its users; code inside src/ imports the module it means.',
      from: { path: '^src/' },
      to: { path: '^src/index\\.ts$' },
    },
    ...LAYERS.map(({ layer, may, why }) => ({
      name: `layer-${layer.replace(/\W+/g, '-').replace(/-ts$/, '')}`,
      severity: 'error',
      comment: `${layer} may import ${may.length ? may.join(', ') : 'nothing of auth-sim'}: ${why}.`,
      from: { path: pathOf(layer) },
      to: { path: '^src/', pathNot: [pathOf(layer), ...may.map(pathOf)] },
    })),
  ],
  options: {
    includeOnly: '^src/',
    doNotFollow: { path: 'node_modules' },
    // Type imports are imports: a cycle through types is still a cycle a reader has to untangle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
