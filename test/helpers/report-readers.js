'use strict';
/**
 * The client side of report-readers.test.ts, in a process of its own so that reading 4 x 15 MB
 * costs the server's event loop nothing: 4 concurrent GET /report while one protocol request at
 * a time measures the server's latency; prints the latencies, the readers' sizes and how many
 * protocol answers came while each report was arriving, as JSON.
 * Bounded: at most 2,000 protocol requests and 60 s.
 */
const http = require('node:http');

const [base, readers] = [process.argv[2], Number(process.argv[3])];
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/** Protocol answers received so far: a read notes it at its first byte and at its end. */
let answered = 0;

function get(path) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { agent, timeout: 60_000 }, (res) => {
      let bytes = 0;
      let head = '';
      let firstByteAt = -1;
      res.on('data', (chunk) => {
        if (firstByteAt < 0) firstByteAt = answered;
        if (head.length < 200) head += chunk.toString('utf8', 0, 200);
        bytes += chunk.length;
      });
      // `answeredWhile`: protocol answers that came between this answer's first byte and its last.
      res.on('end', () =>
        resolve({ status: res.statusCode, bytes, head, answeredWhile: answered - Math.max(firstByteAt, 0) }),
      );
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${path} timed out`)));
    req.on('error', reject);
  });
}

async function main() {
  // The first request compiles its entry: timed apart from the reads, it would be the slowest.
  await get('/rest/chat/client/id/alice');
  const started = Date.now();
  let reading = readers;
  const reads = Array.from({ length: readers }, (_, i) =>
    get(`/__admin/report${i % 2 === 0 ? '' : '?format=markdown'}`).finally(() => reading--),
  );
  const latencies = [];
  while (reading > 0 && latencies.length < 2000 && Date.now() - started < 60_000) {
    const t = performance.now();
    const res = await get('/rest/chat/client/id/alice');
    if (res.status !== 503) throw new Error(`alice answered ${res.status}`);
    latencies.push(performance.now() - t);
    answered++;
  }
  const results = await Promise.all(reads);
  agent.destroy();
  process.stdout.write(JSON.stringify({ latencies, results, ms: Date.now() - started }));
}

main().catch((error) => {
  process.stderr.write(String(error.stack));
  process.exit(1);
});
