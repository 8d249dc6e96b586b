import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import type { SimulatorOptions } from '../../src/server/run-simulator';
import { startTestSimulator, type TestSimulator } from './test-simulator';

/** Debian's redis-server (apt-get install -y redis-server). */
const REDIS_SERVER = '/usr/bin/redis-server';

/**
 * Why the Redis tests cannot run here, or null when they can. Under CI=true a missing
 * redis-server is a failure (.ci/run installs it), never a quiet skip.
 */
function redisMissing(): string | null {
  if (existsSync(REDIS_SERVER)) return null;
  const why = `${REDIS_SERVER} is not installed (apt-get install -y redis-server): the Redis tests are skipped`;
  if (process.env.CI === 'true') throw new Error(`${why.split(':')[0]}: under CI=true the Redis tests must run`);
  return why;
}

/** `describe` when redis-server is installed, else `describe.skip` with the reason printed once. */
export function describeWithRedis(): jest.Describe {
  const missing = redisMissing();
  if (missing === null) return describe;
  console.log(missing);
  return describe.skip;
}

/** A real redis-server on a free loopback port, persistence off. */
export interface TestRedis {
  readonly port: number;
  readonly url: string;
  /** Kills it (SIGKILL: as a crash would), leaving the port to start() again. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** Starts a redis-server (with `extra` arguments, e.g. --requirepass); stop() it in afterAll. */
export async function startRedis(extra: readonly string[] = []): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...extra],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    const exited = once(child, 'exit').then(() => {
      throw new Error(`redis-server on port ${port} exited: ${out}`);
    });
    const ready = new Promise<void>((resolve) => {
      const look = () => out.includes('Ready to accept connections') && (child!.stdout!.off('data', look), resolve());
      child!.stdout!.on('data', look);
    });
    await Promise.race([ready, exited]);
    exited.catch(() => undefined);
  };
  const end = async (signal: NodeJS.Signals) => {
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    await exited;
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}/0`, kill: () => end('SIGKILL'), start, stop: () => end('SIGTERM') };
}

/**
 * A redis-server for a describe block (started in beforeAll, stopped in afterAll), guarded by
 * `password` when one is given, with the URL that reaches it (the password in it) and a client of
 * its own: a test writes through it what another client of the same Redis could.
 */
export function useRedisAndClient(password?: string): { readonly url: string; readonly raw: Redis } {
  let redis: TestRedis | undefined;
  const used = { url: '', raw: undefined as unknown as Redis };
  beforeAll(async () => {
    redis = await startRedis(password === undefined ? [] : ['--requirepass', password]);
    used.url = password === undefined ? redis.url : `redis://:${password}@127.0.0.1:${redis.port}/0`;
    used.raw = new Redis(used.url);
  });
  afterAll(async () => {
    used.raw?.disconnect();
    await redis?.stop();
  });
  return used;
}

/** Two simulators over the same files sharing one real redis-server: a group as two replicas form it. */
export interface TestGroup {
  readonly redis: TestRedis;
  readonly a: TestSimulator;
  readonly b: TestSimulator;
  close(): Promise<void>;
}

/** Starts a redis-server and two simulators joined to it (no file watching: the files do not change). */
export async function startTestGroup(
  files: Record<string, string>,
  options: Omit<SimulatorOptions, 'sources' | 'redis'> = {},
): Promise<TestGroup> {
  const redis = await startRedis();
  const started = await Promise.allSettled(
    [0, 1].map(() => startTestSimulator(files, { watch: false, ...options, redis: { url: redis.url } })),
  );
  const close = async () => {
    await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.close() : undefined)));
    await redis.stop();
  };
  const [a, b] = started;
  if (a.status === 'rejected' || b.status === 'rejected') {
    await close();
    throw a.status === 'rejected' ? a.reason : (b as PromiseRejectedResult).reason;
  }
  return { redis, a: a.value, b: b.value, close };
}
