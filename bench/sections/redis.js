'use strict';
/**
 * --redis against local state (issue 36): static cards must not pay for the group (target >= 0.9x
 * the throughput without --redis), and stateful tokens' latency with their one Redis round trip
 * is reported beside the local one. A real redis-server (Debian's) on a free loopback port,
 * persistence off; without one the section is skipped with a note.
 */
const { spawn } = require('node:child_process');
const { existsSync, writeFileSync } = require('node:fs');
const { once } = require('node:events');
const net = require('node:net');
const path = require('node:path');
const { compareServers } = require('../compare');
const servers = require('../servers');
const { handTokens } = require('./throughput');

const REDIS_SERVER = '/usr/bin/redis-server';
const STATEFUL_TOKENS = Array.from({ length: 100 }, (_, i) => `cycling-${i}`);

function redisAvailable() {
  return existsSync(REDIS_SERVER);
}

async function startRedis() {
  const probe = net.createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address();
  probe.close();
  await once(probe, 'close');
  const child = spawn(REDIS_SERVER, [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  let out = '';
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => (out += chunk) && out.includes('Ready to accept') && resolve());
    child.once('exit', () => reject(new Error(`redis-server exited: ${out}`)));
  });
  return { url: `redis://127.0.0.1:${port}/0`, stop: () => (child.kill('SIGTERM'), once(child, 'exit')) };
}

/** A file of 100 tokens cycling through three answers: every request is a stateful one. */
function writeStatefulFixture(dir) {
  const file = path.join(dir, 'stateful.yaml');
  const entry = `    then: cycle\n    sequence:\n      - { status: 503, body: none }\n      - { status: 503, body: none }\n      - { client: { id: "1", name: N, surname: S, firstname: F, type: "0", enabled: true } }\n`;
  writeFileSync(file, `tokens:\n${STATEFUL_TOKENS.map((t) => `  ${t}:\n${entry}`).join('')}`);
  return file;
}

async function redisSection(ctx) {
  const redis = await startRedis();
  try {
    const shared = (prefix) => ['--redis', redis.url, '--redis-prefix', `bench-${process.pid}-${prefix}`];
    const [local, grouped] = await compareServers({
      specs: [
        servers.authSim('auth-sim, static cards, local', [ctx.fixtures.hand], { extraArgs: ctx.authArgs }),
        servers.authSim('auth-sim, static cards, --redis', [ctx.fixtures.hand], {
          extraArgs: [...ctx.authArgs, ...shared('static')],
        }),
      ],
      load: { method: 'GET', tokens: handTokens(), seed: 29 },
      ...ctx.runOptions,
      alternate: true,
    });
    const stateful = writeStatefulFixture(ctx.dir);
    const [statefulLocal, statefulGrouped] = await compareServers({
      specs: [
        servers.authSim('auth-sim, stateful, local', [stateful], { extraArgs: ctx.authArgs, probeToken: 'cycling-0' }),
        servers.authSim('auth-sim, stateful, --redis', [stateful], {
          extraArgs: [...ctx.authArgs, ...shared('stateful')],
          probeToken: 'cycling-0',
        }),
      ],
      load: { method: 'GET', tokens: STATEFUL_TOKENS, seed: 31 },
      ...ctx.runOptions,
      alternate: true,
    });
    return {
      id: 'redis',
      title: 'GET, local state vs --redis (static cards; 100 cycling tokens)',
      servers: [local, grouped, statefulLocal, statefulGrouped],
      ratios: {
        staticRps: grouped.rps / local.rps,
        statefulRps: statefulGrouped.rps / statefulLocal.rps,
        statefulP99: statefulGrouped.p99 / statefulLocal.p99,
      },
      p99: { statefulLocal: statefulLocal.p99, statefulRedis: statefulGrouped.p99 },
    };
  } finally {
    await redis.stop();
  }
}

module.exports = { redisSection, redisAvailable };
