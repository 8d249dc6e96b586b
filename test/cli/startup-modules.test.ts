import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { CLI, cliEnv } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

const LAUNCHER = path.resolve(__dirname, '..', '..', 'dist', 'cli', 'launch-cli.js');

// The CLI launched as bin/auth-sim.js launches it, in a process that reports over IPC how it was
// loaded and which npm packages it has required so far; the channel is unref'd so that it does
// not keep the process alive once the CLI stops on SIGTERM.
const REPORTER = `
process.channel.unref();
const loaded = require(${JSON.stringify(LAUNCHER)}).launch([process.execPath, ${JSON.stringify(CLI)}, ...process.argv.slice(1)]);
process.on('message', () => process.send({ from: loaded.from, codeCache: loaded.codeCache, packages: [...new Set(Object.keys(require.cache)
  .filter((f) => f.includes('/node_modules/'))
  .map((f) => f.split('/node_modules/').pop().split('/')[0]))] }));
`;

interface Report {
  readonly from: string;
  readonly codeCache: string;
  readonly packages: string[];
}

interface Reporting {
  readonly child: ChildProcess;
  readonly url: string;
  report(): Promise<Report>;
}

async function startReporting(args: string[]): Promise<Reporting> {
  const child = spawn(process.execPath, ['-e', REPORTER, '--', ...args], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'], env: cliEnv() });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  await waitFor(() => /listening on (http:\/\/\S+)/.test(out), { what: 'a "listening on" line', timeoutMs: 15_000 }).catch((error: Error) => {
    throw new Error(`${error.message}; output: ${out}`);
  });
  const url = (/listening on (http:\/\/\S+)/.exec(out) as RegExpExecArray)[1];
  const report = async () => {
    const reply = once(child, 'message') as Promise<[Report]>;
    child.send('which');
    return (await reply)[0];
  };
  return { child, url, report };
}

describe('a start of auth-sim serve', () => {
  let dir: TempDir;
  let running: Reporting | undefined;

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

  test('runs the one-file bundle with the code cache the build wrote', async () => {
    running = await startReporting(['--scenarios', dir.path, '--port', '0']);
    expect((await fetch(`${running.url}/rest/chat/client/id/alice`)).status).toBe(204);
    const report = await running.report();
    expect(report.from).toBe('bundle');
    expect(report.codeCache).toBe('accepted');
  });

  test('answers protocol requests without loading Express, Ajv, faker, yaml or cli-progress; the first other request loads Express', async () => {
    running = await startReporting(['--scenarios', dir.path, '--port', '0']);
    expect((await fetch(`${running.url}/rest/chat/client/id/alice`)).status).toBe(204);
    const first = (await running.report()).packages;
    for (const lazy of ['express', 'ajv', '@faker-js', 'yaml', 'cli-progress']) expect(first).not.toContain(lazy);

    const health = await fetch(`${running.url}/__admin/health`);
    expect(health.status).toBe(200);
    const missing = await fetch(`${running.url}/no/such/path`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ errorCode: 'NOT_FOUND' });
    expect((await running.report()).packages).toContain('express');
  });

  // js-yaml is inside the bundle (its module runs only when a file is read from YAML); `yaml` is not.
  test('a start whose files all come from the read cache answers without loading the yaml library', async () => {
    const cacheDir = `${dir.path}/cache`;
    running = await startReporting(['--scenarios', dir.path, '--port', '0', '--cache-dir', cacheDir]);
    await waitFor(() => existsSync(cacheDir) && readdirSync(cacheDir).length === 1, { what: 'the cache file' });
    const exited = once(running.child, 'exit');
    running.child.kill('SIGTERM');
    await exited;
    running = await startReporting(['--scenarios', dir.path, '--port', '0', '--cache-dir', cacheDir]);
    expect((await fetch(`${running.url}/rest/chat/client/id/alice`)).status).toBe(204);
    const report = await running.report();
    expect(report.from).toBe('bundle');
    expect(report.packages).not.toContain('yaml');
  });
});
