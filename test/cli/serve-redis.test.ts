import { createServer, type Server } from 'node:net';
import { once } from 'node:events';
import { freePort, describeWithRedis, startRedis, type TestRedis } from '../helpers/redis-server';
import { runCliAsync } from '../helpers/run-cli-async';
import { startCli } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

const describeRedis = describeWithRedis();

describe('serve --redis refuses what cannot work, in one line', () => {
  let dir: TempDir;
  beforeAll(() => {
    dir = makeTempDir();
    dir.write('a.yaml', 'tokens:\n  alice: { status: 204, body: none }\n');
  });
  afterAll(() => dir.remove());

  const serve = (url: string) => runCliAsync(['--scenarios', dir.path, '--port', '0', '--redis', url]);

  test.each([
    [
      'http://127.0.0.1:6379',
      'auth-sim: --redis "http://127.0.0.1:6379/" must start with redis:// or rediss://, not http://',
    ],
    [
      'redis://127.0.0.1:6379/abc',
      'auth-sim: --redis "redis://127.0.0.1:6379/abc": the path must be a database number like /0, not /abc',
    ],
    [
      'not a url',
      'auth-sim: the Redis URL is not a URL (not shown, as it may hold a password); write it like redis://127.0.0.1:6379/0 (rediss:// for TLS, user:password@ before the host, its special characters percent-encoded)',
    ],
    [
      'redis://:hunter2@127.0.0.1:99999/0',
      'auth-sim: the Redis URL is not a URL (not shown, as it may hold a password); write it like redis://127.0.0.1:6379/0 (rediss:// for TLS, user:password@ before the host, its special characters percent-encoded)',
    ],
  ])('a bad URL (%s): exit 2', async (url, message) => {
    const run = await serve(url);
    expect(run.stderr.split('\n')[0]).toBe(message);
    expect(run.status).toBe(2);
  });

  test('an unreachable Redis: the URL and the cause, exit 1, nothing listening', async () => {
    const port = await freePort();
    const run = await serve(`redis://127.0.0.1:${port}/0`);
    expect(run.stderr.split('\n')[0]).toBe(
      `auth-sim: cannot reach Redis at redis://127.0.0.1:${port}/0: connect ECONNREFUSED 127.0.0.1:${port}; start it, fix the URL, or pass --redis-optional to start on local state`,
    );
    expect(run.stdout).not.toContain('listening on');
    expect(run.status).toBe(1);
  });

  test('something that is not Redis: exit 2', async () => {
    // A server that answers in another protocol (an HTTP status line) and keeps the connection open.
    const server: Server = createServer((socket) => socket.write('HTTP/1.1 400 Bad Request\r\n\r\n'));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as { port: number };
    try {
      const run = await serve(`redis://127.0.0.1:${port}/0`);
      expect(run.stderr.split('\n')[0]).toMatch(
        new RegExp(
          `^auth-sim: redis://127\\.0\\.0\\.1:${port}/0 does not answer as Redis does \\(.+\\); check the host and port$`,
        ),
      );
      expect(run.status).toBe(2);
    } finally {
      server.close();
    }
  });

  test('--redis-optional starts on local state with a warning', async () => {
    const port = await freePort();
    const cli = await startCli([
      '--scenarios',
      dir.path,
      '--port',
      '0',
      '--redis',
      `redis://127.0.0.1:${port}/0`,
      '--redis-optional',
    ]);
    try {
      expect(cli.stderr()).toContain(
        `auth-sim: cannot reach Redis at redis://127.0.0.1:${port}/0: connect ECONNREFUSED 127.0.0.1:${port}; start it, fix the URL, or pass --redis-optional to start on local state; starting on local state, joining the group once Redis answers`,
      );
      expect((await fetch(`${cli.url}/rest/chat/client/id/alice`)).status).toBe(204);
    } finally {
      await cli.stop();
    }
  });
});

describeRedis('serve --redis on a Redis with a password', () => {
  let redis: TestRedis;
  let dir: TempDir;
  beforeAll(async () => {
    redis = await startRedis(['--requirepass', 'right']);
    dir = makeTempDir();
    dir.write('a.yaml', 'tokens:\n  alice: { status: 204, body: none }\n');
  });
  afterAll(async () => {
    dir?.remove();
    await redis?.stop();
  });

  test('a wrong password: one line naming the URL without the password, exit 2', async () => {
    const run = await runCliAsync([
      '--scenarios',
      dir.path,
      '--port',
      '0',
      '--redis',
      `redis://:wrong@127.0.0.1:${redis.port}/0`,
    ]);
    expect(run.stderr.split('\n')[0]).toMatch(
      new RegExp(
        `^auth-sim: Redis at redis://:\\*\\*\\*@127\\.0\\.0\\.1:${redis.port}/0 refused the credentials \\(WRONGPASS.*\\); put the right user and password in the URL: redis://user:password@host:port/0$`,
      ),
    );
    expect(run.stderr).not.toContain('wrong');
    expect(run.status).toBe(2);
  });

  test('the right one: the start says which group it joined', async () => {
    const cli = await startCli([
      '--scenarios',
      dir.path,
      '--port',
      '0',
      '--redis',
      `redis://:right@127.0.0.1:${redis.port}/0`,
      '--redis-prefix',
      'ci-7',
    ]);
    try {
      expect(cli.stdout()).toMatch(
        new RegExp(
          `sharing state with the instances on redis://:\\*\\*\\*@127\\.0\\.0\\.1:${redis.port}/0 under prefix "ci-7" as \\S+:${new URL(cli.url).port}`,
        ),
      );
      expect(cli.stdout()).not.toContain('right@');
    } finally {
      await cli.stop();
    }
  });
});

describeRedis('the Redis password is never printed, and can stay off the command line', () => {
  const PASSWORD = 'pa:ss@wd';
  let redis: TestRedis;
  let dir: TempDir;
  beforeAll(async () => {
    redis = await startRedis(['--requirepass', PASSWORD]);
    dir = makeTempDir();
    dir.write('a.yaml', 'tokens:\n  alice: { status: 204, body: none }\n');
  });
  afterAll(async () => {
    dir?.remove();
    await redis?.stop();
  });

  /** Every piece of the password a half-masking could leave. */
  const expectNoPassword = (text: string) => {
    for (const piece of [PASSWORD, 'pa:ss', 'ss@wd', '@wd@', 'pa%3Ass', 'ss%40wd']) expect(text).not.toContain(piece);
  };

  test.each([
    [
      '--redis, percent-encoded',
      (port: number) => ({
        args: ['--redis', `redis://:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}/0`],
        env: {},
      }),
    ],
    ['--redis, raw', (port: number) => ({ args: ['--redis', `redis://:${PASSWORD}@127.0.0.1:${port}/0`], env: {} })],
    [
      'AUTH_SIM_REDIS_URL, raw',
      (port: number) => ({
        args: [],
        env: { AUTH_SIM_REDIS_URL: `redis://:${PASSWORD}@127.0.0.1:${port}/0` },
      }),
    ],
  ])('a password holding : and @, given by %s: masked whole in the log and in health', async (_how, given) => {
    const { args, env } = given(redis.port);
    const cli = await startCli(['--scenarios', dir.path, '--port', '0', ...args], { env });
    try {
      expect(cli.stdout()).toContain(
        `sharing state with the instances on redis://:***@127.0.0.1:${redis.port}/0 under prefix "auth-sim"`,
      );
      const health = await (await fetch(`${cli.url}/__admin/health`)).text();
      expect(health).toContain(`"url":"redis://:***@127.0.0.1:${redis.port}/0"`);
      expect(health).toContain('"state":"shared"');
      expectNoPassword(cli.stdout() + cli.stderr() + health);
    } finally {
      await cli.stop();
    }
  });

  test('a wrong password written raw with : and @ is masked whole in the refusal', async () => {
    const run = await runCliAsync(['--scenarios', dir.path, '--port', '0'], {
      env: { AUTH_SIM_REDIS_URL: `redis://:wr:o@ng@127.0.0.1:${redis.port}/0` },
    });
    expect(run.stderr.split('\n')[0]).toMatch(
      new RegExp(`^auth-sim: Redis at redis://:\\*\\*\\*@127\\.0\\.0\\.1:${redis.port}/0 refused the credentials`),
    );
    for (const piece of ['wr:o', 'o@ng', 'wr%3Ao']) expect(run.stdout + run.stderr).not.toContain(piece);
    expect(run.status).toBe(2);
  });

  test('--help names the environment variable', async () => {
    const run = await runCliAsync(['serve', '--help']);
    expect(run.stdout).toContain('(env: AUTH_SIM_REDIS_URL)');
  });
});

describeRedis('serve --quiet on Redis', () => {
  test('says Redis is back after saying it was lost', async () => {
    const redis = await startRedis();
    const dir = makeTempDir();
    dir.write('a.yaml', 'tokens:\n  alice: { status: 204, body: none }\n');
    const cli = await startCli([
      '--scenarios',
      dir.path,
      '--port',
      '0',
      '--quiet',
      '--log',
      'json',
      '--redis',
      redis.url,
    ]);
    const messages = () =>
      cli
        .stderr()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: string; message: string })
        .map((l) => `${l.level}: ${l.message}`);
    try {
      await redis.kill();
      await waitFor(() => messages().some((m) => m.startsWith('warn: lost Redis')), { what: 'the lost line' });
      await redis.start();
      await waitFor(() => messages().some((m) => m.startsWith('info: Redis at')), {
        timeoutMs: 8000,
        what: 'the line saying Redis is back',
      });
      expect(messages()).toEqual([
        `warn: lost Redis at ${redis.url}: stateful tokens answer from this instance's own state until it is back (reconnecting)`,
        `info: Redis at ${redis.url} is back, empty: token states start afresh; this instance's runtime tokens were written back`,
      ]);
    } finally {
      await cli.stop();
      dir.remove();
      await redis.stop();
    }
  });
});
