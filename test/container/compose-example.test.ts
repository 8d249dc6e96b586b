import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildImage, dockerMissing, howItEnded } from '../helpers/docker-engine';
import { waitFor } from '../helpers/wait-for';

const missing = dockerMissing();
if (missing) console.log(`skipped: ${missing}`);
const describeWithDocker = missing ? describe.skip : describe;

const EXAMPLE = path.resolve(__dirname, '..', '..', 'examples', 'docker-compose');
const PROJECT = `auth-sim-compose-test-${process.pid}`;

/** docker-compose on the example, with published host ports left to the engine (port 0). */
function compose(args: readonly string[], timeoutMs = 300_000): string {
  const result = spawnSync('docker-compose', ['--project-name', PROJECT, ...args], {
    cwd: EXAMPLE,
    encoding: 'utf8',
    timeout: timeoutMs,
    env: { ...process.env, AUTH_SIM_PORT: '0', CHAT_PORT: '0', AUTH_SIM_ADMIN_TOKEN: 'compose-test-secret' },
  });
  if (result.status !== 0 || result.error)
    throw new Error(`docker-compose ${args.join(' ')} failed (${howItEnded(result, timeoutMs)}):\n${result.stderr}`);
  return result.stdout;
}

/** The host port compose published for a service's container port. */
function portOf(service: string, port: number): number {
  const line = compose(['port', service, String(port)]).trim();
  return Number(line.slice(line.lastIndexOf(':') + 1));
}

async function login(chat: string, token: string): Promise<string> {
  const response = await fetch(`${chat}/login/${token}`);
  return `${response.status} ${await response.text()}`;
}

describeWithDocker('examples/docker-compose', () => {
  beforeAll(() => {
    buildImage();
    compose(['up', '--detach']);
  }, 900_000);

  afterAll(() => {
    // down removes the containers, whose vfs layers are slow to delete beside the other container suites.
    compose(['down', '--volumes', '--timeout', '10'], 300_000);
  }, 310_000);

  test('the stand-in chat server gets its answers from auth-sim', async () => {
    const chat = `http://127.0.0.1:${portOf('chat-server', 3000)}`;
    expect(
      await waitFor(() => login(chat, 'alice'), { timeoutMs: 60_000, intervalMs: 200, what: 'the chat server' }),
    ).toBe('200 welcome, Alisa Ivanova\n');
    expect(await login(chat, 'blocked')).toBe('200 refused: Petrov Boris Ivanovich is disabled\n');
    expect(await login(chat, 'expired')).toBe('200 refused: 401 TOKEN_EXPIRED\n');
    expect(await login(chat, 'nobody')).toBe('200 refused: 404 CLIENT_NOT_FOUND\n');
  }, 90_000);

  test('auth-sim is published on the host and its admin API wants the token', async () => {
    const url = `http://127.0.0.1:${portOf('auth-sim', 8080)}`;
    expect((await fetch(`${url}/__admin/health`)).status).toBe(200);
    const report = await fetch(`${url}/__admin/report`, { headers: { authorization: 'Bearer compose-test-secret' } });
    expect(report.status).toBe(200);
  });
});
