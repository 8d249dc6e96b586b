import net from 'node:net';
import { startSimulator } from '../../src/index';
import { runCli, startCli } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';

const SCENARIO = 'tokens:\n  fast: { status: 204, body: none }\n  slow: { delay: 30s, status: 204, body: none }\n';

let dir: TempDir;
beforeEach(() => {
  dir = makeTempDir();
  dir.write('s.yaml', SCENARIO);
});
afterEach(() => dir.remove());

/**
 * Sends `fast` and `slow` pipelined on one connection and resolves once `fast` is answered: by
 * then the server has read `slow` too (the same packet), so it is in flight. `ended` resolves
 * with everything the connection received once the server closes it.
 */
async function slowRequestInFlight(url: string): Promise<{ ended: Promise<string> }> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  let received = '';
  const ended = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  socket.on('error', () => undefined); // a reset is one way the cut shows
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

/** Resolves with `what` after `ms`, to race a promise that should settle well before. */
function after<T>(ms: number, what: T): { promise: Promise<T>; cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(what), ms)));
  return { promise, cancel: () => clearTimeout(timer) };
}

test('--shutdown-grace bounds how long SIGTERM waits for an in-flight request, then cuts it and exits 0', async () => {
  const cli = await startCli(['--port', '0', '--scenarios', dir.path, '--shutdown-grace', '300ms']);
  const { ended } = await slowRequestInFlight(cli.url);
  const late = after(3000, 'still running 3 s after SIGTERM, with a 300 ms grace (the default is 5 s)');
  const code = await Promise.race([cli.stop(), late.promise]);
  late.cancel();
  expect(code).toBe(0);
  expect(await ended).toMatch(/^HTTP\/1\.1 204 No Content\r\n[\s\S]*\r\n\r\n$/); // only fast's answer
  expect(cli.stdout()).toContain('auth-sim: SIGTERM: finishing in-flight requests (up to 300 ms), then stopping\n');
});

test('--shutdown-grace takes a duration and says what it wants otherwise', () => {
  const result = runCli(['--shutdown-grace', 'soon', '--scenarios', dir.path]);
  expect(result.status).toBe(1);
  expect(result.stderr).toBe(
    `error: option '--shutdown-grace <duration>' argument 'soon' is invalid. --shutdown-grace must be a duration like "5s", "500ms" or 0 (at most 2147483647 ms), got "soon"\n(run auth-sim --help for usage)\n`,
  );
});

test('startSimulator takes shutdownGraceMs: close() cuts a request still in flight after it', async () => {
  const sim = await startSimulator({ scenarios: dir.path, shutdownGraceMs: 100, watch: false });
  const { ended } = await slowRequestInFlight(sim.url);
  const late = after(3000, 'close() still waiting 3 s on, with a 100 ms grace (the default is 5 s)');
  expect(await Promise.race([sim.close().then(() => 'closed'), late.promise])).toBe('closed');
  late.cancel();
  expect(await ended).toMatch(/^HTTP\/1\.1 204 No Content\r\n[\s\S]*\r\n\r\n$/);
});
