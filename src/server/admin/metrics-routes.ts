import { Router } from 'express';
import type * as PromClient from 'prom-client';
import type { Registry } from 'prom-client';
import type { ControlParts } from './control-parts';
import { AdminError } from './admin-error';
import { readCallerReport } from './read-caller-report';
import { tokenCount } from '../../scenario/compile/scenario-set';
import { DURATION_BUCKETS, type RequestTally } from '../endpoint/request-tally';

/**
 * `GET /metrics`: Prometheus text (prom-client) for operators: requests by method, status and
 * fault, their duration, the caller verdict, the served tokens, reloads, Redis, and the process
 * defaults. Guarded like every admin read. prom-client and its registry load at the first scrape;
 * requests are counted by a recorder listener (endpoint/request-tally.ts), not by prom-client's
 * own metrics on the request path.
 */
export function metricsRoutes(parts: ControlParts): Router {
  const router = Router();
  let registry: Registry | undefined;
  router.get('/metrics', async (_req, res) => {
    const tally = parts.tally;
    if (tally === undefined) throw new AdminError(404, 'GET /metrics: the metrics are off (started with --no-metrics)');
    registry ??= buildRegistry(parts, tally);
    res.type(registry.contentType).send(await registry.metrics());
  });
  return router;
}

function buildRegistry(parts: ControlParts, tally: RequestTally): Registry {
  const prom = require('prom-client') as typeof PromClient;
  const registry = new prom.Registry();
  prom.collectDefaultMetrics({ register: registry });
  new prom.Counter({
    name: 'auth_sim_requests_total',
    help: 'Protocol requests answered, by method, status ("none": no response) and fault ("none": none)',
    labelNames: ['method', 'status', 'fault'],
    registers: [registry],
    collect() {
      this.reset();
      for (const { method, status, fault, count } of tally.counts()) this.inc({ method, status, fault }, count);
    },
  });
  registry.registerMetric(durationHistogram(tally));
  new prom.Gauge({
    name: 'auth_sim_caller_verdict',
    help: "The caller report's verdict: 1 pass, 0 fail (absent with --no-report)",
    registers: [registry],
    async collect() {
      const report = await readCallerReport(parts);
      if (report === null) this.reset();
      else this.set(report.verdict === 'pass' ? 1 : 0);
    },
  });
  new prom.Gauge({
    name: 'auth_sim_scenario_tokens',
    help: 'Tokens the served scenario set answers by name or population',
    registers: [registry],
    collect() {
      this.set(parts.store.ready ? tokenCount(parts.store.set) : 0);
    },
  });
  new prom.Counter({
    name: 'auth_sim_reloads_total',
    help: 'Scenario loads: applied (the first load included) or failed (the last good set kept serving)',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ result: 'applied' }, parts.store.status().reloads);
      this.inc({ result: 'failed' }, parts.store.failedReloads);
    },
  });
  const group = parts.group;
  if (group !== undefined)
    new prom.Gauge({
      name: 'auth_sim_redis_up',
      help: "1 while the group's state is shared through Redis, 0 while this instance serves on local state",
      registers: [registry],
      collect() {
        this.set(group.shared ? 1 : 0);
      },
    });
  return registry;
}

/**
 * The request-duration histogram from the tally's buckets. prom-client's Histogram takes values
 * one `observe()` at a time; a registered metric whose `get()` gives the values (the shape
 * prom-client's own metrics return) formats the tally as it stands, with nothing on the request path.
 */
function durationHistogram(tally: RequestTally): PromClient.Metric {
  const name = 'auth_sim_request_duration_seconds';
  const help = 'Protocol request durations, arrival to the last byte written (or the connection ending)';
  const get = () => {
    let cumulative = 0;
    const buckets = DURATION_BUCKETS.map((le, i) => {
      cumulative += tally.buckets[i];
      return { labels: { le }, value: cumulative, metricName: `${name}_bucket` };
    });
    return {
      name,
      help,
      type: 'histogram',
      aggregator: 'sum',
      values: [
        ...buckets,
        { labels: { le: '+Inf' }, value: tally.total, metricName: `${name}_bucket` },
        { labels: {}, value: tally.durationSum, metricName: `${name}_sum` },
        { labels: {}, value: tally.total, metricName: `${name}_count` },
      ],
    };
  };
  return { name, help, get } as unknown as PromClient.Metric;
}
