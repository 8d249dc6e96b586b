import { spawnSync } from 'node:child_process';
import net from 'node:net';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { buildImage, docker, dockerMissing, IMAGE, publishedPort, removeContainer } from '../helpers/docker-engine';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

const missing = dockerMissing();
if (missing) console.log(`skipped: ${missing}`);
const describeWithDocker = missing ? describe.skip : describe;

const ADMIN_TOKEN = 'container-test-secret';
const scenario = (surname: string) =>
  `tokens:\n  alice:\n    client: { id: "100500", name: Alisa, firstname: Alisa, surname: ${surname}, type: "0", enabled: true }\n  slow: { delay: 2s, status: 204, body: none }\n  fast: { status: 204, body: none }\n`;

async function surnameOf(url: string, token = 'alice'): Promise<unknown> {
  // A connection docker's proxy takes before the server listens can stall: give each try 5 s.
  const response = await fetch(`${url}/rest/chat/client/id/${token}`, { signal: AbortSignal.timeout(5000) });
  return ((await response.json()) as { client: { surname: string } }).client.surname;
}

/**
 * Writes `files` into `dir` the way the kubelet updates a mounted ConfigMap: a new timestamped
 * directory, a `..data_tmp` link to it renamed over `..data` in one step, each file a link
 * through `..data`, and the old directory removed.
 */
function updateConfigMap(dir: string, version: number, files: Record<string, string>): void {
  const stamp = `..2026_11_27_00_00_0${version}.000000000`;
  mkdirSync(path.join(dir, stamp));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, stamp, name), text);
  const previous = existsSync(path.join(dir, '..data')) ? path.join(dir, readlinkSync(path.join(dir, '..data'))) : null;
  symlinkSync(stamp, path.join(dir, '..data_tmp'));
  renameSync(path.join(dir, '..data_tmp'), path.join(dir, '..data'));
  for (const name of Object.keys(files))
    if (!existsSync(path.join(dir, name))) symlinkSync(path.join('..data', name), path.join(dir, name));
  if (previous) rmSync(previous, { recursive: true });
}

/**
 * Sends `fast` and `slow` pipelined on one connection; resolves once `fast` is answered, when
 * the server has read `slow` too and is delaying it. `ended` has all the connection received.
 */
async function slowRequestInFlight(port: number): Promise<{ ended: Promise<string> }> {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  const ended = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  socket.on('error', () => undefined);
  socket.write(
    'GET /rest/chat/client/id/fast HTTP/1.1\r\nhost: x\r\n\r\nGET /rest/chat/client/id/slow HTTP/1.1\r\nhost: x\r\n\r\n',
  );
  await new Promise<void>((resolve) =>
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (received.includes('\r\n\r\n')) resolve();
    }),
  );
  return { ended };
}

describeWithDocker('the auth-sim image', () => {
  let dir: TempDir;
  let configMap: TempDir;
  let container = '';
  let url = '';

  beforeAll(() => {
    buildImage();
    // mkdtemp makes 0700 folders; the image's node user (uid 1000) reads them as others do.
    dir = makeTempDir('auth-sim-container-');
    chmodSync(dir.path, 0o755);
    dir.write('people.yaml', scenario('Ivanova'));
    // A ConfigMap's layout, mounted inside the folder as a kubelet mounts one.
    mkdirSync(path.join(dir.path, 'k8s'));
    configMap = makeTempDir('auth-sim-configmap-');
    chmodSync(configMap.path, 0o755);
    updateConfigMap(configMap.path, 1, {
      'k8s.yaml':
        'tokens:\n  bob:\n    client: { id: "2", name: Bob, firstname: Bob, surname: Smirnov, type: "0", enabled: true }\n',
    });
    container = docker([
      'run',
      '--detach',
      '--publish',
      '127.0.0.1::8080',
      '--volume',
      `${dir.path}:/scenarios:ro`,
      '--volume',
      `${configMap.path}:/scenarios/k8s:ro`,
      '--env',
      `AUTH_SIM_ADMIN_TOKEN=${ADMIN_TOKEN}`,
      IMAGE,
      '--seed',
      '7',
    ]).trim();
    url = `http://127.0.0.1:${publishedPort(container)}`;
  }, 900_000);

  afterAll(() => {
    if (container) removeContainer(container);
    dir?.remove();
    configMap?.remove();
  }, 310_000);

  test('serves the mounted token, and a save on the host reloads it', async () => {
    expect(await waitFor(() => surnameOf(url), { timeoutMs: 60_000, what: 'the first answer' })).toBe('Ivanova');
    dir.write('people.yaml', scenario('Petrova'));
    await waitFor(async () => (await surnameOf(url)) === 'Petrova', { timeoutMs: 20_000, what: 'the reload' });
  }, 100_000);

  test('serves a ConfigMap-style folder, and its ..data swap reloads it', async () => {
    expect(await waitFor(() => surnameOf(url, 'bob'), { timeoutMs: 30_000, what: 'the first answer' })).toBe('Smirnov');
    updateConfigMap(configMap.path, 2, {
      'k8s.yaml':
        'tokens:\n  bob:\n    client: { id: "2", name: Bob, firstname: Bob, surname: Kuznetsov, type: "0", enabled: true }\n',
    });
    await waitFor(async () => (await surnameOf(url, 'bob')) === 'Kuznetsov', { timeoutMs: 20_000, what: 'the reload' });
  }, 60_000);

  test('the flags after the image name reach serve', () => {
    expect(docker(['logs', container])).toContain('seed 7 (replay this run');
  });

  test('its health check turns healthy without the admin token', async () => {
    const status = () => docker(['inspect', '--format', '{{.State.Health.Status}}', container]).trim();
    await waitFor(() => status() === 'healthy', { timeoutMs: 60_000, intervalMs: 500, what: 'a healthy container' });
    expect((await fetch(`${url}/__admin/health`)).status).toBe(200);
  }, 70_000);

  test('runs as the non-root node user (uid 1000)', () => {
    expect(docker(['exec', container, 'id']).trim()).toBe('uid=1000(node) gid=1000(node) groups=1000(node)');
  });

  test('holds no dev dependency: /app is package.json, bin, dist, schema and production node_modules', () => {
    const pkg = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
      dependencies: Record<string, string>;
    };
    const present = (names: string[]) =>
      JSON.parse(
        docker([
          'exec',
          container,
          'node',
          '-p',
          `JSON.stringify(${JSON.stringify(names)}.filter((n) => require('fs').existsSync('node_modules/' + n)))`,
        ]),
      ) as string[];
    expect(present(Object.keys(pkg.devDependencies))).toEqual([]);
    expect(present(Object.keys(pkg.dependencies))).toEqual(Object.keys(pkg.dependencies));
    expect(docker(['exec', container, 'ls', '/app']).trim().split('\n')).toEqual([
      'bin',
      'dist',
      'node_modules',
      'package.json',
      'schema',
    ]);
  });

  test('without an admin token or an opt-out the start on 0.0.0.0 is refused, saying how to fix it', () => {
    const refused = spawnSync('docker', ['run', '--rm', IMAGE], { encoding: 'utf8', timeout: 120_000 });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      'give it a secret with --admin-token (or AUTH_SIM_ADMIN_TOKEN), turn it off with --no-admin, or leave it open on purpose with --admin-open',
    );
  }, 130_000);

  test('docker stop finishes the request in flight and exits 0', async () => {
    const { ended } = await slowRequestInFlight(publishedPort(container));
    docker(['stop', container], 30_000);
    expect(docker(['inspect', '--format', '{{.State.ExitCode}}', container]).trim()).toBe('0');
    const answers = (await ended).match(/HTTP\/1\.1 204 No Content/g);
    expect(answers).toHaveLength(2);
    expect(docker(['logs', container])).toContain(
      'auth-sim: SIGTERM: finishing in-flight requests (up to 5000 ms), then stopping\n',
    );
  }, 60_000);
});
