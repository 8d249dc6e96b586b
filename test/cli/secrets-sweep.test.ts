import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { describeWithRedis, startRedis, type TestRedis } from '../helpers/redis-server';
import { startCli, type CliProcess } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

const FILE = `tokens:
  alice:
    client: { id: "1", name: A, surname: A, firstname: A, type: "1", enabled: true }
  retry-once:
    sequence:
      - { status: 503, body: none }
      - client: { id: "2", name: B, surname: B, firstname: B, type: "1", enabled: true }
`;
const UPSTREAM_BODY = '{"client":{"id":"77","name":"Real","surname":"R","firstname":"R","type":"1","enabled":"true"}}';

/** The three secrets, each with characters a URL or a header may carry encoded. */
const REDIS_PASSWORD = 'redis-Pw:7@q';
const PROXY_PASSWORD = 'proxy-Pw@9';
const ADMIN_TOKEN = 'admin-T0ken-5ecret';
/** Every form in which one of them could leak: as given, percent-encoded, and as a Basic credential. */
const SECRETS = [
  REDIS_PASSWORD,
  encodeURIComponent(REDIS_PASSWORD),
  PROXY_PASSWORD,
  encodeURIComponent(PROXY_PASSWORD),
  Buffer.from(`svc:${PROXY_PASSWORD}`).toString('base64'),
  ADMIN_TOKEN,
];

const describeRedis = describeWithRedis();

describeRedis('secrets are never printed, logged, journaled or shown', () => {
  let redis: TestRedis;
  let upstream: http.Server;
  let upstreamPort: number;
  let dir: TempDir;
  let cli: CliProcess;
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

  beforeAll(async () => {
    redis = await startRedis(['--requirepass', REDIS_PASSWORD]);
    upstream = http.createServer((req, res) => {
      // The upstream failure: a connection cut before any answer.
      if (req.url?.endsWith('/broken')) return void req.socket.destroy();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(UPSTREAM_BODY);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamPort = (upstream.address() as AddressInfo).port;
    dir = makeTempDir();
    dir.write('a.yaml', FILE);
    const redisUrl = `redis://default:${encodeURIComponent(REDIS_PASSWORD)}@127.0.0.1:${redis.port}/0`;
    const proxyUrl = `http://svc:${encodeURIComponent(PROXY_PASSWORD)}@127.0.0.1:${upstreamPort}`;
    cli = await startCli(
      ['-s', 'a.yaml', '-p', '0', '--no-watch', '--admin-token', ADMIN_TOKEN, '--redis', redisUrl, '--proxy', proxyUrl],
      { cwd: dir.path },
    );
  });
  afterAll(async () => {
    await cli?.stop();
    dir?.remove();
    await new Promise((resolve) => (upstream.closeAllConnections(), upstream.close(resolve)));
    await redis?.stop();
  });

  /** An admin read with the token, as text. */
  const read = async (path: string) => {
    const res = await fetch(`${cli.url}${path}`, { headers: admin });
    expect(res.status).toBe(200);
    return res.text();
  };
  const ask = async (token: string) => (await fetch(`${cli.url}/rest/chat/client/id/${token}`)).status;

  /** The event stream, read until a `requests` event names `token`. */
  async function readEvents(token: string): Promise<string> {
    const stop = new AbortController();
    const res = await fetch(`${cli.url}/__admin/events`, { headers: admin, signal: stop.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let text = '';
    try {
      while (!text.includes(`"token":"${token}"`)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += Buffer.from(value).toString('utf8');
      }
    } finally {
      stop.abort();
    }
    return text;
  }

  /** Every key the group keeps in Redis, dumped as text: the shared journal, exchanges, states, runtime. */
  async function redisContents(): Promise<string> {
    const raw = new Redis(`redis://default:${encodeURIComponent(REDIS_PASSWORD)}@127.0.0.1:${redis.port}/0`);
    try {
      const parts: string[] = [];
      for (const key of await raw.keys('*')) {
        const type = await raw.type(key);
        if (type === 'string') parts.push(key, String(await raw.get(key)));
        else if (type === 'hash') parts.push(key, JSON.stringify(await raw.hgetall(key)));
        else if (type === 'stream') parts.push(key, JSON.stringify(await raw.xrange(key, '-', '+')));
        else if (type === 'set') parts.push(key, JSON.stringify(await raw.smembers(key)));
        else if (type === 'zset') parts.push(key, JSON.stringify(await raw.zrange(key, '0', '-1')));
        else if (type === 'list') parts.push(key, JSON.stringify(await raw.lrange(key, 0, -1)));
      }
      return parts.join('\n');
    } finally {
      raw.disconnect();
    }
  }

  test('protocol and admin traffic, a bad admin token, a proxied token, an upstream failure and a Redis outage', async () => {
    const events = readEvents('broken');
    expect([await ask('alice'), await ask('retry-once'), await ask('retry-once')]).toEqual([200, 503, 200]);
    const proxied = await fetch(`${cli.url}/rest/chat/client/id/real-one`, {
      headers: { authorization: 'Bearer caller' },
    });
    expect([proxied.status, await proxied.text()]).toEqual([200, UPSTREAM_BODY]);
    const broken = await fetch(`${cli.url}/rest/chat/client/id/broken`);
    expect(broken.status).toBe(502);
    const brokenBody = await broken.text();
    // Reads on a loopback listener are open; a change needs the token.
    const bad = await fetch(`${cli.url}/__admin/reset`, {
      method: 'POST',
      headers: { authorization: 'Bearer not-the-token' },
    });
    expect(bad.status).toBe(401);
    const badBody = await bad.text();
    const put = await fetch(`${cli.url}/__admin/tokens/runtime-one`, {
      method: 'PUT',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 404 }),
    });
    expect(put.status).toBeLessThan(300);
    expect(await ask('runtime-one')).toBe(404);

    // Redis goes away and comes back: both lines name its URL.
    await redis.kill();
    await waitFor(() => cli.stderr().includes('lost Redis at'), { timeoutMs: 10_000, what: 'the lost-Redis line' });
    await redis.start();
    await waitFor(() => /Redis at \S+ is back/.test(cli.stdout() + cli.stderr()), {
      timeoutMs: 15_000,
      what: 'the Redis-is-back line',
    });
    expect(await ask('alice')).toBe(200);

    await waitFor(async () => (await read('/__admin/requests')).includes('"token":"broken"'), {
      what: 'the journal to hold the upstream failure',
    });
    const shown = [
      cli.stdout(),
      cli.stderr(),
      brokenBody,
      badBody,
      await events,
      await read('/__admin/requests'),
      await read('/__admin/health'),
      await read('/__admin/scenarios'),
      ...(await Promise.all(['json', 'junit', 'markdown', 'html'].map((f) => read(`/__admin/report?format=${f}`)))),
      ...(await Promise.all(
        ['alice', 'retry-once', 'real-one', 'broken', 'runtime-one'].map((t) => read(`/__admin/tokens/${t}`)),
      )),
      await read('/__admin/tokens'),
      await read('/__admin/export'),
      await read('/__admin/metrics'),
      await redisContents(),
    ].join('\n');
    // The sweep saw what it meant to: the proxied token, the failure and the outage are all in it.
    expect(shown).toContain('real-one');
    expect(shown).toContain(`127.0.0.1:${upstreamPort}`);
    expect(shown).toContain(`127.0.0.1:${redis.port}`);
    for (const secret of SECRETS) expect({ secret, found: shown.includes(secret) }).toEqual({ secret, found: false });
  });
});
