import http from 'node:http';
import { startTestSimulator } from '../helpers/test-simulator';

const SLOW =
  'tokens:\n  slow:\n    delay: 300ms\n    client: { id: "2", name: Slow Sam, surname: Slow, firstname: Sam, type: "0", enabled: true }\n';

function getOn(agent: http.Agent, url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

test('close lets a keep-alive request in flight finish, then ends without waiting for a time-out', async () => {
  const t = await startTestSimulator({ 'slow.yaml': SLOW });
  // Neither the keep-alive time-out nor the grace may be what ends the close: both are far
  // beyond the test's own time-out.
  t.sim.server.keepAliveTimeout = 120_000;
  const agent = new http.Agent({ keepAlive: true });
  try {
    const arrived = new Promise((resolve) => t.sim.server.once('request', resolve));
    const answer = getOn(agent, `${t.url}/rest/chat/client/id/slow`);
    await arrived;
    const closed = t.sim.close(120_000);
    const res = await answer;
    expect(res.status).toBe(200);
    expect((JSON.parse(res.body) as { client: { id: string } }).client.id).toBe('2');
    await closed;
  } finally {
    agent.destroy();
    t.dir.remove();
  }
});
