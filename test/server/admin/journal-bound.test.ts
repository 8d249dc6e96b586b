import { adminCall } from '../../helpers/admin-client';
import { getClient, startTestSimulator } from '../../helpers/test-simulator';

const FILE = 'tokens:\n  alice: { status: 204, body: none }\n';

test('the journal keeps only the newest --journal-size requests however many come', async () => {
  const t = await startTestSimulator({ 'a.yaml': FILE }, { journalSize: 5 });
  try {
    for (let i = 0; i < 40; i++) await getClient(t.url, `t${i}`);
    const journal = t.sim.control.journal!;
    for (let i = 0; journal.list({ limit: 1 })[0]?.token !== 't39' && i < 100; i++)
      await new Promise((r) => setImmediate(r));
    const res = await adminCall(t.url, 'GET', '/__admin/requests');
    expect(res.body.capacity).toBe(5);
    expect(res.body.size).toBe(5);
    const requests = res.body.requests as { token: string; seq: number }[];
    expect(requests.map((r) => r.token)).toEqual(['t39', 't38', 't37', 't36', 't35']);
    expect(requests.map((r) => r.seq)).toEqual([40, 39, 38, 37, 36]);
    expect(journal.list({ token: 't0' })).toEqual([]);
  } finally {
    await t.close();
  }
});

test('with the journal off the admin API says so and nothing is recorded', async () => {
  // The metrics count through the recorder too: with them off as well, nothing listens for a record.
  const t = await startTestSimulator({ 'a.yaml': FILE }, { journalSize: 0, metrics: false });
  try {
    expect(t.sim.control.journal).toBeUndefined();
    expect(t.sim.control.recorder).toBeUndefined();
    expect((await getClient(t.url, 'alice')).status).toBe(204);
    const res = await adminCall(t.url, 'GET', '/__admin/requests');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(
      'GET /__admin/requests: the request journal is off (started with --journal-size 0 or --no-journal)',
    );
  } finally {
    await t.close();
  }
});
