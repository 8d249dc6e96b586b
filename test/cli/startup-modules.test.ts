import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { CLI, cliEnv } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

// The CLI run in a process that reports, when asked over IPC, which npm packages and auth-sim modules it
// has run so far ("now") or had run when its server began to listen ("listening"), auth-sim's own as
// "auth-sim:<path under dist/>"; the channel is unref'd so that it does not keep the process alive once
// the CLI stops on SIGTERM. bin/auth-sim.js runs the CLI's bundle (scripts/bundle-cli.js), where each
// module's body runs on its first require through esbuild's __commonJS helper: the reporter hands the
// launcher the bundle's source with that helper also noting the module's name (V8 then refuses the
// build's code cache, made for the source as built, and compiles this one), and reads the rest from
// require.cache.
const REPORTER = `
process.channel.unref();
const fs = require('node:fs');
const ran = new Set();
const readFileSync = fs.readFileSync;
fs.readFileSync = function (file, ...rest) {
  if (typeof file !== 'string' || !file.endsWith('/dist/cli/bundle.js')) return readFileSync.call(this, file, ...rest);
  const helper = 'var __commonJS=(cb,mod)=>function(){';
  const source = readFileSync.call(this, file, 'utf8');
  if (!source.includes(helper)) throw new Error('the bundle has no __commonJS helper to observe');
  globalThis.__ran = ran;
  ran.add(file);
  return source.replace(helper, helper + 'if(!mod)globalThis.__ran.add(__getOwnPropNames(cb)[0]);');
};
const name = (f) => f.includes('node_modules/') ? f.split('node_modules/').pop().split('/')[0] : 'auth-sim:' + f.split('dist/').pop().replace(/[.]js$/, '');
// Node's own modules are not in require.cache: node:crypto is told from Node's list of what it has loaded
// (the reporter runs from a file, since node -e loads node:crypto itself).
const nodeCrypto = () => (process.moduleLoadList.includes('NativeModule crypto') ? ['node:crypto'] : []);
const loaded = () => [...new Set([...Object.keys(require.cache), ...ran].map(name)), ...nodeCrypto()];
let atListening = [];
const listen = require('node:http').Server.prototype.listen;
require('node:http').Server.prototype.listen = function (...args) {
  this.once('listening', () => (atListening = loaded()));
  return listen.apply(this, args);
};
process.on('message', (which) => process.send(which === 'listening' ? atListening : loaded()));
process.argv = [process.execPath, ${JSON.stringify(CLI)}, ...process.argv.slice(2)];
require(${JSON.stringify(CLI)});
`;

interface Reporting {
  readonly child: ChildProcess;
  readonly url: string;
  /** What is loaded now, or ("listening") what was when the server began to listen. */
  packages(when?: 'now' | 'listening'): Promise<string[]>;
}

async function startReporting(reporter: string, args: string[]): Promise<Reporting> {
  const child = spawn(process.execPath, [reporter, ...args], {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: cliEnv(),
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  await waitFor(() => /listening on (http:\/\/\S+)/.test(out), {
    what: 'a "listening on" line',
    timeoutMs: 15_000,
  }).catch((error: Error) => {
    throw new Error(`${error.message}; output: ${out}`);
  });
  const url = (/listening on (http:\/\/\S+)/.exec(out) as RegExpExecArray)[1];
  const packages = async (when: 'now' | 'listening' = 'now') => {
    const reply = once(child, 'message') as Promise<[string[]]>;
    child.send(when);
    return (await reply)[0];
  };
  return { child, url, packages };
}

describe('a start of auth-sim serve', () => {
  let dir: TempDir;
  let running: Reporting | undefined;
  // The reporter's file, in a folder of its own: the scenario folder holds only scenarios.
  let reporterDir: TempDir;
  let reporter: string;

  beforeAll(() => {
    reporterDir = makeTempDir();
    reporter = reporterDir.write('reporter.js', REPORTER);
  });

  afterAll(() => reporterDir.remove());

  beforeEach(() => {
    dir = makeTempDir();
    dir.write('retail.yaml', 'tokens:\n  alice:\n    status: 204\n    body: none\n');
  });

  afterEach(async () => {
    if (running) {
      const exited = once(running.child, 'exit');
      running.child.kill('SIGTERM');
      await exited;
    }
    running = undefined;
    dir.remove();
  });

  test('answers protocol requests without loading Express, Ajv, cli-progress or the yaml library; the first other request loads Express', async () => {
    running = await startReporting(reporter, ['--scenarios', dir.path, '--port', '0']);
    expect((await fetch(`${running.url}/rest/chat/client/id/alice`)).status).toBe(204);
    const first = await running.packages();
    // Run from the bundle: its own modules and the packages inside it are seen as they run.
    expect(first).toEqual(
      expect.arrayContaining(['auth-sim:cli/bundle', 'auth-sim:cli/serve', 'commander', 'js-yaml']),
    );
    expect(first).not.toEqual(expect.arrayContaining(['express']));
    expect(first).not.toEqual(expect.arrayContaining(['ajv']));
    expect(first).not.toEqual(expect.arrayContaining(['cli-progress']));
    // A valid file needs no places: `yaml` is loaded only to place a problem or a warning.
    expect(first).not.toEqual(expect.arrayContaining(['yaml']));
    // Plain HTTP with no population: no TLS library, and none of check's, record's, tls' or synth's code.
    expect(first).not.toEqual(expect.arrayContaining(['node-forge']));
    expect(first.filter((m) => /^auth-sim:(check|record|tls|synth|shared-state)\//.test(m))).toEqual([]);
    // Without --redis, no Redis client.
    expect(first).not.toEqual(expect.arrayContaining(['ioredis']));
    // Nothing a first answer needs hashes or draws at random (Node's HTTP does not load node:crypto either).
    expect(first).not.toContain('node:crypto');
    // The caller report's summary waits for the stop.
    expect(first.filter((m) => /^auth-sim:(cli\/report-summary|caller-report\/(build|judge|format)-)/.test(m))).toEqual(
      [],
    );

    // The watcher starts once listening: the first answer waits for no directory scan.
    const listening = await running.packages('listening');
    expect(listening).toEqual(expect.arrayContaining(['commander', 'js-yaml']));
    expect(listening).not.toEqual(expect.arrayContaining(['chokidar']));
    const reporting = running;
    await waitFor(async () => (await reporting.packages()).includes('chokidar'), { what: 'chokidar loaded' });

    const health = await fetch(`${running.url}/__admin/health`);
    expect(health.status).toBe(200);
    const missing = await fetch(`${running.url}/no/such/path`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ errorCode: 'NOT_FOUND' });
    expect(await running.packages()).toEqual(expect.arrayContaining(['express']));
  });

  test('a valid file with anchors, flow maps and quoted keys is read without the yaml library too', async () => {
    dir.write(
      'retail.yaml',
      'tokens:\n  alice: &card\n    status: 204\n    body: none\n  "bob": *card\n  carol: { <<: *card, status: 205 }\n',
    );
    running = await startReporting(reporter, ['--scenarios', dir.path, '--port', '0']);
    expect((await fetch(`${running.url}/rest/chat/client/id/bob`)).status).toBe(204);
    expect(await running.packages()).not.toEqual(expect.arrayContaining(['yaml']));
  });

  test('with a generate: population, loads faker at the first token it answers, not before it listens', async () => {
    dir.write('crowd.yaml', 'generate:\n  - { tokens: "crowd-{n}", count: 1000, seed: 3 }\n');
    running = await startReporting(reporter, ['--scenarios', dir.path, '--port', '0']);
    expect(await running.packages('listening')).not.toContain('@faker-js');
    const answer = await fetch(`${running.url}/rest/chat/client/id/crowd-7`);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { client: { id: string } }).client.id).toMatch(/^\d+$/);
    expect(await running.packages()).toContain('@faker-js');
  });
});
