import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { CLI, cliEnv } from '../../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../../helpers/temp-dir';
import { waitFor } from '../../helpers/wait-for';

/** Sessions made and ended while memory is watched; the warm-up before fills what is bounded (the journal, the JIT). */
const SESSIONS = 10_000;
const WARM_UP = 1_000;
/** Session flows at once: a parallel jest suite's workers, a few each. */
const CONCURRENCY = 8;
/** What the issue allows the server's RSS to have grown by once every session has ended. */
const RSS_WITHIN = 10 * 1024 ** 2;

const SCENARIO = `tokens:
  retry-twice:
    sequence:
      - { status: 503, body: none }
      - client: { id: "1", name: Patient Pavel, surname: Patient, firstname: Pavel, type: "0", enabled: true }
  alice: { client: { id: "2", name: Ivanova Alisa, surname: Ivanova, firstname: Alisa, type: "0", enabled: true } }
`;

/** Loaded into the server: answers "memory" over IPC with its RSS and heap after full collections. */
const MEMORY_PROBE = `
process.on('message', (message) => {
  if (message !== 'memory') return;
  global.gc();
  global.gc();
  const { rss, heapUsed } = process.memoryUsage();
  process.send({ rss, heap: heapUsed });
});
`;

interface Memory {
  readonly rss: number;
  readonly heap: number;
}

function askMemory(child: ChildProcess): Promise<Memory> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as Memory));
    child.send('memory');
  });
}

/** One HTTP call over the keep-alive agent: status and body text. */
function call(
  agent: http.Agent,
  url: string,
  method: string,
  body?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent, method, headers: body ? { 'content-type': 'application/json' } : {} });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * One test's life in a session: open, a sequence step and a card through it, a runtime token of
 * its own (every tenth), a wait already reached, its report; then end. Each answer checked, so a
 * broken flow fails here rather than leaking less.
 */
async function sessionLife(agent: http.Agent, url: string, n: number): Promise<void> {
  const opened = await call(agent, `${url}/__admin/sessions`, 'POST', '{"tokens": ["retry-twice", "alice"]}');
  if (opened.status !== 201) throw new Error(`session ${n}: POST answered ${opened.status} ${opened.text}`);
  const { id, prefix } = JSON.parse(opened.text) as { id: string; prefix: string };
  const statuses = [
    (await call(agent, `${url}/rest/chat/client/id/${prefix}retry-twice`, 'GET')).status,
    (await call(agent, `${url}/rest/chat/client/id/${prefix}alice`, 'GET')).status,
  ];
  if (n % 10 === 0) {
    statuses.push((await call(agent, `${url}/__admin/sessions/${id}/tokens/carol`, 'PUT', '{"status": 418}')).status);
    statuses.push((await call(agent, `${url}/rest/chat/client/id/${prefix}carol`, 'GET')).status);
    statuses.push(
      (await call(agent, `${url}/__admin/wait?token=alice&calls=1&timeout=5s&session=${id}`, 'GET')).status,
    );
  }
  statuses.push((await call(agent, `${url}/__admin/sessions/${id}`, 'DELETE')).status);
  const expected = n % 10 === 0 ? [503, 200, 201, 418, 200, 200] : [503, 200, 200];
  if (statuses.join() !== expected.join()) throw new Error(`session ${n}: answered ${statuses.join()}`);
}

async function liveSessions(agent: http.Agent, url: string, from: number, count: number): Promise<void> {
  let next = from;
  const worker = async () => {
    while (next < from + count) await sessionLife(agent, url, next++);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

let dir: TempDir;
let server: ChildProcess | undefined;
afterEach(() => {
  server?.kill('SIGKILL');
  dir.remove();
});

test(`${SESSIONS.toLocaleString('en-US')} sessions made and ended leave the server's RSS within 10 MB of where it started`, async () => {
  dir = makeTempDir();
  const preload = dir.write('memory-probe.js', MEMORY_PROBE);
  const scenarios = path.dirname(dir.write('scenarios/qa.yaml', SCENARIO));
  const child = spawn(
    process.execPath,
    [
      '--expose-gc',
      // V8 hands freed pages back to the system from a background task: right after gc() the RSS
      // read was either side of it, 100 or 125 MB at random (+31 MB in one CI run with the heap flat).
      // Collected on the main thread, the pages are gone when gc() returns: four runs read +4.1 to +4.6 MB.
      '--single-threaded-gc',
      '--require',
      preload,
      CLI,
      'serve',
      '--scenarios',
      scenarios,
      '--port',
      '0',
      '--quiet',
      '--log',
      'json',
    ],
    { env: cliEnv(), stdio: ['ignore', 'pipe', 'pipe', 'ipc'] },
  );
  server = child;
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString('utf8')));
  const url = await waitFor(() => /listening on (http:\/\/\S+)/.exec(out)?.[1], {
    timeoutMs: 30_000,
    what: 'listening',
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

  await liveSessions(agent, url, 0, WARM_UP);
  const before = await askMemory(child);
  const started = performance.now();
  await liveSessions(agent, url, WARM_UP, SESSIONS);
  const seconds = (performance.now() - started) / 1000;
  const listed = JSON.parse((await call(agent, `${url}/__admin/sessions`, 'GET')).text) as { count: number };
  const after = await askMemory(child);
  agent.destroy();

  const mb = (n: number) => (n / 1024 ** 2).toFixed(1);
  process.stdout.write(
    `session memory: ${SESSIONS} sessions in ${seconds.toFixed(1)} s; RSS before ${mb(before.rss)} MB, after ${mb(after.rss)} MB; heap before ${mb(before.heap)} MB, after ${mb(after.heap)} MB\n`,
  );
  expect(listed.count).toBe(0);
  expect(after.rss - before.rss).toBeLessThan(RSS_WITHIN);
}, 120_000);
