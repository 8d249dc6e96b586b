'use strict';
/**
 * The baseline: a bare node:http server answering both protocol endpoints from a Map of ready
 * Buffers, read at startup from a bodies fixture the bench wrote (see bench/bodies.js). It knows
 * nothing of YAML, validation or Express: it is the practical limit auth-sim is measured against.
 *
 *   node bench/baseline-server.js --bodies <file.json> --port <n> [--trivial]
 *   node bench/baseline-server.js --yaml <scenario.yaml> --port <n>
 *   ... --tls-cert <cert.pem> --tls-key <key.pem>    (node:https, the same certificate auth-sim serves)
 *
 * --yaml starts from the same scenario file auth-sim reads (js-yaml's `load`, the fastest YAML
 * reader auth-sim itself uses, then JSON.stringify of each entry's wire fields, no validation):
 * the least work that turns that file into ready bodies, so startup times compare like with like.
 * --trivial answers every request with the first reply and no lookup at all: the cheapest
 * possible server, used to show the load generator has headroom beyond the baseline.
 */
const fs = require('node:fs');
const http = require('node:http');
const https = require('node:https');

const PREFIX = '/rest/chat/client/id/';

function arg(name) {
  const i = process.argv.indexOf(name);
  return i === -1 ? undefined : process.argv[i + 1];
}

/** Turns the fixture's replies into {status, headers (flat array), body Buffer}. */
function readReplies(fixture) {
  return fixture.replies.map((r) => ({
    status: r.status,
    headers: Object.entries(r.headers).flat().map(String),
    body: r.body === null || Buffer.isBuffer(r.body) ? r.body : Buffer.from(r.body, 'base64'),
  }));
}

/** token -> reply; `pad` adds "<prefix><n>" keys so the Map has a population's full key count. */
function buildTable(fixture, replies) {
  const table = new Map();
  for (const [token, index] of fixture.tokens) table.set(token, replies[index]);
  const pad = fixture.pad;
  if (pad) {
    for (let n = pad.from; n < pad.from + pad.count; n++) {
      const key = pad.prefix + n;
      if (!table.has(key)) table.set(key, replies[pad.replies[n % pad.replies.length]]);
    }
  }
  return table;
}

/** The fixture shape built straight from a scenario file: parse, stringify, nothing else. */
function fixtureFromYaml(file) {
  const doc = require('js-yaml').load(fs.readFileSync(file, 'utf8')) || {};
  const replies = [];
  const reply = (entry) => {
    const { status = 200, delay, headers, body, protocol, wire, ...fields } = entry;
    const bytes = Buffer.from(JSON.stringify(fields));
    replies.push({
      status,
      headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length },
      body: bytes,
    });
    return replies.length - 1;
  };
  const tokens = Object.entries(doc.tokens || {}).map(([token, entry]) => [token, reply(entry)]);
  const fallback = reply(doc.fallback || { status: 404, errorCode: 'CLIENT_NOT_FOUND', errorText: 'client not found' });
  return { replies, tokens, fallback };
}

function tokenOf(req) {
  if (req.method === 'POST') {
    req.resume();
    return req.headers.token;
  }
  const raw = req.url.slice(PREFIX.length);
  return raw.includes('%') ? decodeURIComponent(raw) : raw;
}

function main() {
  const fixture = arg('--yaml') ? fixtureFromYaml(arg('--yaml')) : JSON.parse(fs.readFileSync(arg('--bodies'), 'utf8'));
  const replies = readReplies(fixture);
  const table = buildTable(fixture, replies);
  const fallback = replies[fixture.fallback];
  const trivial = process.argv.includes('--trivial');
  const handler = (req, res) => {
    const reply = trivial ? replies[0] : table.get(tokenOf(req)) || fallback;
    res.writeHead(reply.status, reply.headers);
    res.end(reply.body);
  };
  const tls = arg('--tls-cert') && { cert: fs.readFileSync(arg('--tls-cert')), key: fs.readFileSync(arg('--tls-key')) };
  const server = tls ? https.createServer(tls, handler) : http.createServer(handler);
  server.listen(Number(arg('--port') || 0), '127.0.0.1', () => {
    process.stdout.write(
      `baseline: listening on ${tls ? 'https' : 'http'}://127.0.0.1:${server.address().port} (${table.size} tokens)\n`,
    );
  });
  process.once('SIGTERM', () => server.close(() => process.exit(0)) && server.closeAllConnections());
}

main();
