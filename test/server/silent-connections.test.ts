import net from 'node:net';
import { startTestSimulator } from '../helpers/test-simulator';
import { waitFor } from '../helpers/wait-for';

const FILES = { 'a.yaml': 'tokens:\n  alice: { status: 204, body: none }\n' };

test('a connection that never sends a byte is closed after the silent-connection time, one that asks is answered', async () => {
  const t = await startTestSimulator(FILES, { silentConnectionMs: 300 });
  try {
    const silent = net.connect(t.sim.port, '127.0.0.1');
    let closed = false;
    silent.on('close', () => (closed = true)).on('error', () => undefined);
    await waitFor(() => closed, { what: 'the silent connection closed by the server' });
    const res = await fetch(`${t.url}/rest/chat/client/id/alice`);
    expect(res.status).toBe(204);
  } finally {
    await t.close();
  }
});

test('a delayed answer on a connection that spoke is not cut by the silent-connection time', async () => {
  const t = await startTestSimulator(
    { 'a.yaml': 'tokens:\n  slow: { status: 204, body: none, delay: 600ms }\n' },
    { silentConnectionMs: 200 },
  );
  try {
    expect((await fetch(`${t.url}/rest/chat/client/id/slow`)).status).toBe(204);
  } finally {
    await t.close();
  }
});
