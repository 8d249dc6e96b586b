import { adminCall } from '../../helpers/admin-client';
import { getClients, startTestSimulator } from '../../helpers/test-simulator';

test('a journal read in many turns is one whole JSON answer, every entry once, newest first', async () => {
  const t = await startTestSimulator(
    { 'a.yaml': 'tokens:\n  alice: { status: 204, body: none }\n' },
    { journalSize: 5000 },
  );
  try {
    await getClients(
      t.url,
      Array.from({ length: 5000 }, (_, i) => `alise-${i}`),
      50,
    );
    const res = await adminCall(t.url, 'GET', '/__admin/requests');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const requests = res.body.requests as { seq: number; nearMisses: string[] }[];
    expect([res.body.capacity, res.body.size, requests.length]).toEqual([5000, 5000, 5000]);
    expect(requests.map((r) => r.seq)).toEqual(Array.from({ length: 5000 }, (_, i) => 5000 - i));
    expect(requests[0].nearMisses).toEqual([]);
    expect((await adminCall(t.url, 'GET', '/__admin/requests?limit=2')).body.requests).toHaveLength(2);
  } finally {
    await t.close();
  }
});
