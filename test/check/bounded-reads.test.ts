import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { jsonAnswer, startHostileUpstream, streamBytes, type HostileUpstream } from '../helpers/hostile-upstream';
import { runCliAsync } from '../helpers/run-cli-async';
import { startCli } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

const MB = 1024 ** 2;
const CARD = { id: '1', name: 'Test Tess', surname: 'Test', firstname: 'Tess', type: '0', enabled: 'true' };

let upstream: HostileUpstream;
let dir: TempDir;

beforeAll(async () => {
  dir = makeTempDir();
  upstream = await startHostileUpstream({
    good: (_req, res) => jsonAnswer(res, { client: CARD }),
    // 50 MB of spaces after a JSON card: valid JSON, far past any cap.
    huge: (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(JSON.stringify({ client: CARD }));
      streamBytes(res, 50 * MB);
    },
    // Headers at once, then a byte every 50 ms for ever: only a time-out covering the body ends it.
    drip: (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => res.write(' '), 50);
      res.on('close', () => clearInterval(timer));
    },
  });
});

afterAll(async () => {
  await upstream.close();
  dir.remove();
});

/** The peak resident memory of a process, from Linux's /proc. */
function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1]) / 1024;
}

describe('check reads no further than --max-body and the time-out', () => {
  it('reports a 50 MB answer as an error after reading about the cap, and a dripping body as a time-out', async () => {
    const run = await runCliAsync([
      'check',
      upstream.url,
      '--token',
      'huge',
      '--token',
      'drip',
      '--token',
      'good',
      '--unknown-token',
      'nobody',
      '--timeout',
      // Room for 4 MB of the huge answer on a loaded CI machine (1.5 s timed it out there); the drip never ends.
      '5000ms',
    ]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    const findings = run.stdout.split('\n').filter((line) => !/ \d+ ms(, body over --max-body)?$/.test(line));
    expect(findings).toEqual([
      'huge GET: the body is larger than 4 MB (--max-body)',
      'huge POST: the body is larger than 4 MB (--max-body)',
      'drip GET: no answer within 5000 ms (timed out)',
      'drip POST: no answer within 5000 ms (timed out)',
      '4 token(s), 8 request(s): 4 error(s), 0 warning(s)',
      '',
    ]);
    expect(run.stdout).toMatch(/^huge GET 200 application\/json \d+ ms, body over --max-body$/m);
    // Two requests stopped near 4 MB each; what the sockets had buffered is all that went further.
    expect(upstream.sent.get('huge')).toBeLessThan(2 * 12 * MB);
  }, 60_000);

  it('takes a smaller cap from --max-body', async () => {
    const run = await runCliAsync(['check', upstream.url, '--token', 'good', '--max-body', '20b']);
    expect(run.stdout).toContain('good GET: the body is larger than 20 bytes (--max-body)\n');
    expect(run.status).toBe(1);
  });
});

describe('record bounds what it reads', () => {
  it('passes a 50 MB answer on whole without recording it or holding it, and records the next token', async () => {
    const out = path.join(dir.path, 'recorded.yaml');
    const proxy = await startCli(['record', '--target', upstream.url, '--out', out, '--port', '0']);
    try {
      const res = await fetch(`${proxy.url}/rest/chat/client/id/huge`);
      expect(res.status).toBe(200);
      let bytes = 0;
      for await (const chunk of res.body as AsyncIterable<Uint8Array>) bytes += chunk.length;
      expect(bytes).toBe(JSON.stringify({ client: CARD }).length + 50 * MB);
      expect((await fetch(`${proxy.url}/rest/chat/client/id/good`)).status).toBe(200);
      await waitFor(() => proxy.stdout().includes('good GET 200'), { what: 'the good token logged' });
      expect(proxy.stdout()).toMatch(
        /^auth-sim: huge GET 200 application\/json \d+ ms, body over --max-body: not recorded$/m,
      );
      expect(proxy.stderr()).toContain('auth-sim: huge GET: the body is larger than 4 MB (--max-body)\n');
      expect(Object.keys((parse(readFileSync(out, 'utf8')) as { tokens: object }).tokens)).toEqual(['good']);
      expect(peakRssMb(proxy.child.pid as number)).toBeLessThan(170);
    } finally {
      await proxy.stop();
    }
  });

  it('refuses a request body past --max-body with 413 without passing it on, and keeps serving', async () => {
    const out = path.join(dir.path, 'posted.yaml');
    const proxy = await startCli([
      'record',
      '--target',
      upstream.url,
      '--out',
      out,
      '--port',
      '0',
      '--max-body',
      '1mb',
    ]);
    try {
      const res = await fetch(`${proxy.url}/upload`, { method: 'POST', body: Buffer.alloc(50 * MB, 0x61) });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({
        errorCode: 'PAYLOAD_TOO_LARGE',
        errorText: 'the request body is larger than 1 MB (--max-body)',
      });
      expect(upstream.received.get('/upload')).toBeUndefined();
      const small = await fetch(`${proxy.url}/upload`, { method: 'POST', body: 'tiny' });
      expect(small.status).toBe(404);
      expect(upstream.received.get('/upload')).toBe(4);
      expect(peakRssMb(proxy.child.pid as number)).toBeLessThan(170);
    } finally {
      await proxy.stop();
    }
  });
});
