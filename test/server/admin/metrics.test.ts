import { getClient, postClient, startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';
import { describeWithRedis, startTestGroup } from '../../helpers/redis-server';
import { waitFor } from '../../helpers/wait-for';

const FILE = [
  'tokens:',
  '  alice:',
  '    client: { id: "1", name: Alisa, surname: Ivanova, firstname: Alisa, type: "0", enabled: true }',
  '    expect: { calls: 1 }',
  '  expired: { status: 401, errorCode: TOKEN_EXPIRED, errorText: token expired }',
  '  cut: { fault: reset }',
  '',
].join('\n');

/** One sample of the Prometheus text: its name with labels as written, and its value. */
type Samples = Map<string, number>;

/** The exposition format's sample lines (`name{labels} value`), comments skipped. */
function parseMetrics(text: string): Samples {
  const samples: Samples = new Map();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (match === null) throw new Error(`not a Prometheus sample line: ${line}`);
    samples.set(match[1], Number(match[2]));
  }
  return samples;
}

async function scrape(url: string): Promise<{ samples: Samples; text: string; type: string | null }> {
  const res = await fetch(`${url}/__admin/metrics`);
  expect(res.status).toBe(200);
  const text = await res.text();
  return { samples: parseMetrics(text), text, type: res.headers.get('content-type') };
}

describe('GET /__admin/metrics after known traffic', () => {
  let t: TestSimulator;
  beforeAll(async () => {
    t = await startTestSimulator({ 'a.yaml': FILE });
  });
  afterAll(() => t.close());

  test('counts requests by method, status and fault, their durations, the verdict, tokens and reloads', async () => {
    await getClient(t.url, 'alice');
    await postClient(t.url, 'alice');
    await getClient(t.url, 'expired');
    await getClient(t.url, 'nobody');
    await getClient(t.url, 'cut').catch(() => undefined);
    const { samples, text, type } = await waitFor(
      async () => {
        const scraped = await scrape(t.url);
        return scraped.samples.get('auth_sim_request_duration_seconds_count') === 5 && scraped;
      },
      { what: 'five requests counted' },
    );
    expect(type).toBe('text/plain; version=0.0.4; charset=utf-8');
    const requests = [...samples].filter(([name]) => name.startsWith('auth_sim_requests_total'));
    expect(requests.sort()).toEqual([
      ['auth_sim_requests_total{method="GET",status="200",fault="none"}', 1],
      ['auth_sim_requests_total{method="GET",status="401",fault="none"}', 1],
      ['auth_sim_requests_total{method="GET",status="404",fault="none"}', 1],
      ['auth_sim_requests_total{method="GET",status="none",fault="reset"}', 1],
      ['auth_sim_requests_total{method="POST",status="200",fault="none"}', 1],
    ]);
    expect(samples.get('auth_sim_request_duration_seconds_bucket{le="+Inf"}')).toBe(5);
    expect(samples.get('auth_sim_request_duration_seconds_bucket{le="10"}')).toBe(5);
    expect(samples.get('auth_sim_request_duration_seconds_sum')).toBeGreaterThan(0);
    // alice expects one call and got two: the verdict fails.
    expect(samples.get('auth_sim_caller_verdict')).toBe(0);
    expect(samples.get('auth_sim_scenario_tokens')).toBe(3);
    expect(samples.get('auth_sim_reloads_total{result="applied"}')).toBe(1);
    expect(samples.get('auth_sim_reloads_total{result="failed"}')).toBe(0);
    expect(samples.has('auth_sim_redis_up')).toBe(false);
    expect(samples.get('process_cpu_user_seconds_total')).toBeGreaterThanOrEqual(0);
    // The process's CPU time counts from the simulator's start, and the kernel accounts it in ticks:
    // a scrape this early can still read 0 on a busy machine, so the test works until it counts.
    await waitFor(
      async () => {
        for (const until = Date.now() + 5; Date.now() < until;);
        return ((await scrape(t.url)).samples.get('process_cpu_user_seconds_total') ?? 0) > 0;
      },
      { what: 'user CPU time counted' },
    );
    expect(text).toContain('# TYPE auth_sim_request_duration_seconds histogram');
    expect(text).toContain('# TYPE auth_sim_requests_total counter');
  });

  test('a reload that fails counts as failed; after a reset, one call of alice passes the verdict', async () => {
    t.dir.write('a.yaml', 'tokens:\n  alice: { stauts: 401 }\n');
    await waitFor(async () => (await scrape(t.url)).samples.get('auth_sim_reloads_total{result="failed"}') === 1, {
      what: 'a failed reload counted',
    });
    await fetch(`${t.url}/__admin/reset`, { method: 'POST' });
    await getClient(t.url, 'alice');
    const { samples } = await waitFor(async () => {
      const scraped = await scrape(t.url);
      return scraped.samples.get('auth_sim_request_duration_seconds_count') === 6 && scraped;
    });
    expect(samples.get('auth_sim_caller_verdict')).toBe(1);
    // Counters never go back: a reset is not a restart.
    expect(samples.get('auth_sim_requests_total{method="GET",status="200",fault="none"}')).toBe(2);
  });
});

test('runs of one method, status and fault count every request, and so do the changes between them', async () => {
  const t = await startTestSimulator({ 'a.yaml': FILE });
  try {
    for (const token of ['alice', 'alice', 'alice', 'expired', 'alice', 'alice']) await getClient(t.url, token);
    await postClient(t.url, 'alice');
    await getClient(t.url, 'expired');
    const { samples } = await waitFor(
      async () => {
        const scraped = await scrape(t.url);
        return scraped.samples.get('auth_sim_request_duration_seconds_count') === 8 && scraped;
      },
      { what: 'eight requests counted' },
    );
    const requests = [...samples].filter(([name]) => name.startsWith('auth_sim_requests_total'));
    expect(requests.sort()).toEqual([
      ['auth_sim_requests_total{method="GET",status="200",fault="none"}', 5],
      ['auth_sim_requests_total{method="GET",status="401",fault="none"}', 2],
      ['auth_sim_requests_total{method="POST",status="200",fault="none"}', 1],
    ]);
  } finally {
    await t.close();
  }
});

test('with metrics off, GET /__admin/metrics is a 404 that says so', async () => {
  const t = await startTestSimulator({ 'a.yaml': FILE }, { metrics: false });
  try {
    const res = await fetch(`${t.url}/__admin/metrics`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'GET /metrics: the metrics are off (started with --no-metrics)' });
  } finally {
    await t.close();
  }
});

test('metrics need the admin token where reads do (a host other machines reach)', async () => {
  const t = await startTestSimulator({ 'a.yaml': FILE }, { host: '0.0.0.0', admin: { token: 'metrics-secret' } });
  try {
    const local = t.url.replace('0.0.0.0', '127.0.0.1');
    expect((await fetch(`${local}/__admin/metrics`)).status).toBe(401);
    const res = await fetch(`${local}/__admin/metrics`, { headers: { authorization: 'Bearer metrics-secret' } });
    expect(res.status).toBe(200);
  } finally {
    await t.close();
  }
});

describeWithRedis()('metrics in a Redis group', () => {
  test('auth_sim_redis_up is 1 while the group is shared', async () => {
    const group = await startTestGroup({ 'a.yaml': FILE });
    try {
      const { samples } = await scrape(group.a.url);
      expect(samples.get('auth_sim_redis_up')).toBe(1);
    } finally {
      await group.close();
    }
  });
});
