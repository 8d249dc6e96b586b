import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { CLI, cliEnv, startCli } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

const ZOE = 'tokens:\n  zoe:\n    client: { id: "1", name: Z, surname: Z, firstname: Z, type: "1", enabled: true }\n';

let dir: TempDir;
beforeEach(() => (dir = makeTempDir()));
afterEach(() => dir.remove());

test('--port-file holds the port once listening, and is removed on exit', async () => {
  dir.write('team.yaml', ZOE);
  const portFile = path.join(dir.path, 'port');
  const child = spawn(process.execPath, [CLI, '-s', 'team.yaml', '-p', '0', '-q', '--port-file', portFile], {
    cwd: dir.path,
    env: cliEnv(),
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  try {
    const port = Number(
      await waitFor(() => existsSync(portFile) && readFileSync(portFile, 'utf8'), { what: 'the port file' }),
    );
    const answer = await fetch(`http://127.0.0.1:${port}/rest/chat/client/id/zoe`);
    expect(answer.status).toBe(200);
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
  expect(existsSync(portFile)).toBe(false);
  expect(out).toBe('');
});

test('--port-file into a folder that does not exist is refused before starting', async () => {
  dir.write('team.yaml', ZOE);
  await expect(
    startCli(['-s', 'team.yaml', '-p', '0', '--port-file', 'no/such/port'], { cwd: dir.path }),
  ).rejects.toThrow('auth-sim: --port-file: the folder no/such does not exist\nauth-sim: not started\n');
});

test('--log json -q prints one structured listening event with url, port, adminUrl and seed', async () => {
  dir.write('team.yaml', ZOE);
  const cli = await startCli(['-s', 'team.yaml', '-p', '0', '-q', '--log', 'json', '--seed', '7', '--no-watch'], {
    cwd: dir.path,
  });
  await cli.stop();
  const lines = cli.stdout().split('\n').filter(Boolean);
  expect(lines).toHaveLength(1);
  expect(JSON.parse(lines[0])).toEqual({
    level: 'info',
    event: 'listening',
    message: `listening on ${cli.url}  (try: curl ${cli.url}/rest/chat/client/id/zoe)`,
    url: cli.url,
    port: Number(new URL(cli.url).port),
    adminUrl: `${cli.url}/__admin`,
    seed: 7,
  });
});

test('a failed reload in --log json carries its problems as an array', async () => {
  const file = dir.write('team.yaml', ZOE);
  const cli = await startCli(['-s', 'team.yaml', '-p', '0', '--log', 'json'], { cwd: dir.path });
  try {
    writeFileSync(file, 'tokens:\n  zoe: { stauts: 401 }\n');
    const failure = await waitFor(
      () =>
        cli
          .stderr()
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Record<string, unknown>)
          .find((e) => e.event === 'reload-failed'),
      { what: 'a reload-failed event' },
    );
    expect(failure.problems).toEqual([
      {
        file: 'team.yaml',
        line: 2,
        column: 10,
        severity: 'error',
        path: 'tokens.zoe.stauts',
        message: 'tokens.zoe.stauts is not a scenario entry field; did you mean "status"?',
      },
    ]);
    expect(failure.level).toBe('error');
  } finally {
    await cli.stop();
  }
});
