import { createServer, type Server } from 'node:net';
import { once } from 'node:events';
import { freePort, describeWithRedis, startRedis, type TestRedis } from '../helpers/redis-server';
import { runCliAsync } from '../helpers/run-cli-async';
import { startCli } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';

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
      'auth-sim: --redis "not a url" is not a URL; write it like redis://127.0.0.1:6379/0 (rediss:// for TLS, user:password@ before the host)',
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
