import { spawn } from 'node:child_process';
import path from 'node:path';
import { waitFor } from '../helpers/wait-for';

const CHAT_SERVER = path.resolve(__dirname, '..', '..', 'examples', 'docker-compose', 'chat-server.js');

test("the compose example's chat server ends by itself on SIGTERM, exit 0 within a second, an idle keep-alive connection open", async () => {
  const child = spawn(process.execPath, [CHAT_SERVER], {
    env: { ...process.env, PORT: '0', AUTH_SERVICE_URL: 'http://127.0.0.1:9/rest/chat/client/id/' },
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const port = await waitFor(() => /chat server on :(\d+)/.exec(out)?.[1]);
  // A kept-alive connection, as a browser or a proxy holds one: server.close() alone would wait for it.
  const response = await fetch(`http://127.0.0.1:${port}/nowhere`);
  expect(response.status).toBe(404);
  const sent = Date.now();
  // As PID 1 in a container node has no default SIGTERM action; here it has one, so only a handler gives exit 0.
  child.kill('SIGTERM');
  const { code, signal, at } = await exited;
  expect({ code, signal }).toEqual({ code: 0, signal: null });
  expect(at - sent).toBeLessThan(1000);
});
