import { adminCall } from '../../helpers/admin-client';
import { getClient, startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';
import { describeWithRedis, startTestGroup, type TestGroup } from '../../helpers/redis-server';
import { startSimulator, type SimulatorHandle } from '../../../src/index';
import { waitFor } from '../../helpers/wait-for';

const CARD = '{ id: "1", name: Ivanova Alisa, surname: Ivanova, firstname: Alisa, type: "0", enabled: true }';
const SCENARIO = `
tokens:
  hour-long:
    client: ${CARD}
    expire: { after: 1h }
  day-long:
    client: ${CARD}
    expire: { after: 24h, answer: { status: 403, errorCode: GONE, errorText: a day passed } }
`;
const EXPIRED = '{"errorCode":"TOKEN_EXPIRED","errorText":"token expired"}';

describe('the clock a test moves (/__admin/clock)', () => {
  let t: TestSimulator;
  beforeAll(async () => {
    t = await startTestSimulator({ 'clock.yaml': SCENARIO });
  });
  afterAll(async () => t?.close());
  beforeEach(async () => void (await adminCall(t.url, 'POST', '/__admin/reset')));

  test('advancing two hours expires an `expire: { after: 1h }` token at once; DELETE goes back to real time', async () => {
    expect((await getClient(t.url, 'hour-long')).status).toBe(200);
    expect((await adminCall(t.url, 'GET', '/__admin/clock')).body.offsetMs).toBe(0);
    const moved = await adminCall(t.url, 'POST', '/__admin/clock', { body: '{"advance": "2h"}' });
    expect(moved.status).toBe(200);
    expect(moved.body.offsetMs).toBe(7_200_000);
    expect(Date.parse(moved.body.now as string) - Date.now()).toBeGreaterThan(7_199_000);
    const expired = await getClient(t.url, 'hour-long');
    expect([expired.status, expired.text]).toEqual([401, EXPIRED]);
    expect((await getClient(t.url, 'day-long')).status).toBe(200);
    const back = await adminCall(t.url, 'DELETE', '/__admin/clock');
    expect(back.body.offsetMs).toBe(0);
    expect((await adminCall(t.url, 'GET', '/__admin/clock')).body.offsetMs).toBe(0);
    // Its first use was in real time, an hour has not passed there.
    expect((await getClient(t.url, 'hour-long')).status).toBe(200);
  });

  test('advances add up, and the token view (GET /tokens/{token}) reads scenario time too', async () => {
    expect((await getClient(t.url, 'day-long')).status).toBe(200);
    // A minute short of the day: real time passing between the first use and the check (seconds on a
    // busy machine) must not expire it early.
    for (const advance of ['12h', '11h', 3_540_000]) {
      await adminCall(t.url, 'POST', '/__admin/clock', { body: JSON.stringify({ advance }) });
      expect((await getClient(t.url, 'day-long')).status).toBe(200);
    }
    expect((await adminCall(t.url, 'GET', '/__admin/clock')).body.offsetMs).toBe(86_340_000);
    const next = async () => (await adminCall(t.url, 'GET', '/__admin/tokens/day-long')).body.next;
    expect(await next()).toMatchObject({ expired: false });
    await adminCall(t.url, 'POST', '/__admin/clock', { body: '{"advance": "1m"}' });
    expect(await next()).toMatchObject({ expired: true });
    const gone = await getClient(t.url, 'day-long');
    expect([gone.status, gone.text]).toEqual([403, '{"errorCode":"GONE","errorText":"a day passed"}']);
  });

  test('POST /reset also puts the clock back to real time', async () => {
    await adminCall(t.url, 'POST', '/__admin/clock', { body: '{"advance": "5m"}' });
    await adminCall(t.url, 'POST', '/__admin/reset');
    expect((await adminCall(t.url, 'GET', '/__admin/clock')).body.offsetMs).toBe(0);
  });

  test.each([
    [
      'not JSON',
      '{advance: 2h}',
      /^the clock was not moved: the body is not JSON \(Expected property name or '\}' in JSON at position 1.*\); send e\.g\. \{"advance": "2h"\}$/,
    ],
    [
      'empty',
      '',
      'the clock was not moved: POST /__admin/clock:1:1 the clock change is missing required clock change field "advance"',
    ],
    [
      'not an object',
      '"2h"',
      'the clock was not moved: POST /__admin/clock:1:1 the clock change must be a JSON object saying how far to move the clock, e.g. {"advance": "2h"}; got "2h"',
    ],
    [
      'no advance',
      '{}',
      'the clock was not moved: POST /__admin/clock:1:1 the clock change is missing required clock change field "advance"',
    ],
    [
      'a misspelt field',
      '{"advnace": "2h"}',
      'the clock was not moved: POST /__admin/clock:1:2 advnace is not a clock change field; did you mean "advance"?',
    ],
    [
      'a word for a duration',
      '{"advance": "soon"}',
      'the clock was not moved: POST /__admin/clock:1:13 advance must be a duration such as "90s", "30m" or "2h" (or a number of milliseconds from 0); got "soon"',
    ],
    [
      'backwards',
      '{\n  "advance": -1000\n}',
      'the clock was not moved: POST /__admin/clock:2:14 advance must be a duration such as "90s", "30m" or "2h" (or a number of milliseconds from 0); got -1000',
    ],
    [
      'past a century',
      '{"advance": "1000000h"}',
      'the clock was not moved: POST /__admin/clock:1:13 advance must be a duration such as "90s", "30m" or "2h" (or a number of milliseconds from 0), at most a century (3153600000000 ms) at once; got "1000000h"',
    ],
  ])(
    'a clock change that is %s is a 400 naming the field at its place, and the clock stays',
    async (_what, body, message) => {
      const answer = await adminCall(t.url, 'POST', '/__admin/clock', { body });
      expect(answer.status).toBe(400);
      if (typeof message === 'string') expect(answer.body.error).toBe(message);
      else expect(answer.body.error).toMatch(message);
      expect((await adminCall(t.url, 'GET', '/__admin/clock')).body.offsetMs).toBe(0);
    },
  );
});

describe('sim.clock (the programmatic API)', () => {
  let sim: SimulatorHandle;
  beforeAll(async () => {
    sim = await startSimulator({
      scenarios: { tokens: { 'hour-long': { errorCode: 'OK', errorText: 'fine', expire: { after: '1h' } } } },
    });
  });
  afterAll(async () => sim?.close());

  test('advance("2h") expires the token and reset() brings it back; a bad duration rejects with the message', async () => {
    expect((await getClient(sim.url, 'hour-long')).status).toBe(200);
    expect(await sim.clock.advance('2h')).toEqual({ offsetMs: 7_200_000, now: expect.any(String) });
    expect((await getClient(sim.url, 'hour-long')).status).toBe(401);
    expect((await sim.clock.reset()).offsetMs).toBe(0);
    expect(sim.clock.status().offsetMs).toBe(0);
    expect((await getClient(sim.url, 'hour-long')).status).toBe(200);
    await expect(sim.clock.advance('2 days' as '2h')).rejects.toThrow(
      'auth-sim: the clock was not moved: advance must be a duration such as "90s", "30m" or "2h" (or a number of milliseconds from 0); got "2 days"',
    );
  });
});

describeWithRedis()('the clock in a Redis group', () => {
  let group: TestGroup;
  beforeAll(async () => {
    group = await startTestGroup({ 'clock.yaml': SCENARIO });
  });
  afterAll(async () => group?.close());

  test('advancing on one instance moves every instance, and DELETE on another brings them all back', async () => {
    const { a, b } = group;
    expect((await getClient(a.url, 'hour-long')).status).toBe(200);
    await adminCall(a.url, 'POST', '/__admin/clock', { body: '{"advance": "90m"}' });
    // Expiry in a group is judged in Redis, on Redis's clock plus the group's offset: no waiting for b to hear.
    expect((await getClient(b.url, 'hour-long')).status).toBe(401);
    await waitFor(async () => (await adminCall(b.url, 'GET', '/__admin/clock')).body.offsetMs === 5_400_000, {
      what: "b's clock to show a's advance",
    });
    await adminCall(b.url, 'POST', '/__admin/clock', { body: '{"advance": "30m"}' });
    expect((await adminCall(b.url, 'GET', '/__admin/clock')).body.offsetMs).toBe(7_200_000);
    await waitFor(async () => (await adminCall(a.url, 'GET', '/__admin/clock')).body.offsetMs === 7_200_000, {
      what: "a's clock to add b's advance",
    });
    await adminCall(b.url, 'DELETE', '/__admin/clock');
    expect((await getClient(a.url, 'hour-long')).status).toBe(200);
    await waitFor(async () => (await adminCall(a.url, 'GET', '/__admin/clock')).body.offsetMs === 0, {
      what: "a's clock back to real time",
    });
  });

  test('an instance joining later takes on the group offset', async () => {
    await adminCall(group.a.url, 'POST', '/__admin/clock', { body: '{"advance": "3h"}' });
    const late = await startTestSimulator(
      { 'clock.yaml': SCENARIO },
      { watch: false, redis: { url: group.redis.url } },
    );
    try {
      expect((await adminCall(late.url, 'GET', '/__admin/clock')).body.offsetMs).toBe(10_800_000);
    } finally {
      await late.close();
      await adminCall(group.a.url, 'DELETE', '/__admin/clock');
    }
  });
});
