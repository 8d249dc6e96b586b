import { readFileSync } from 'node:fs';
import { startCli, type CliProcess } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

// autocannon ships no types; this is the part of its API used here.

const autocannon = require('autocannon') as (options: {
  url: string;
  connections: number;
  amount: number;
}) => Promise<{ requests: { total: number }; non2xx: number; errors: number }>;

const LINE = /^auth-sim: GET alice 204 /gm;
const NOTE = /^auth-sim: (\d+) request lines dropped here: the output was not keeping up$/gm;

let dir: TempDir;
let cli: CliProcess | undefined;

beforeEach(() => {
  dir = makeTempDir();
  dir.write('s.yaml', 'tokens:\n  alice: { status: 204, body: none }\n');
});

afterEach(async () => {
  if (cli && cli.child.exitCode === null) cli.child.kill('SIGKILL');
  dir.remove();
});

/** `amount` GETs of alice on 20 connections; every one answered 204. */
async function load(url: string, amount: number): Promise<void> {
  const result = await autocannon({ url: `${url}/rest/chat/client/id/alice`, connections: 20, amount });
  expect([result.requests.total, result.non2xx, result.errors]).toEqual([amount, 0, 0]);
}

function rssBytes(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
}

const sum = (text: string, re: RegExp) =>
  [...text.matchAll(re)].reduce((n, m) => n + (m[1] === undefined ? 1 : Number(m[1])), 0);

test('with stdout piped to a reader that stops reading, request lines are dropped and counted, memory stays bounded, and SIGTERM exits at once', async () => {
  cli = await startCli(['--port', '0', '--scenarios', dir.path]);
  const { child } = cli;
  child.stdout.pause(); // the reader stops: the pipe fills, then auth-sim's output backs up
  const rssBefore = rssBytes(child.pid!);
  await load(cli.url, 30_000);
  await waitFor(
    () =>
      cli!
        .stderr()
        .includes('auth-sim: stdout is not keeping up: dropping request lines (and counting them) until it does'),
    { what: 'the first-drop warning' },
  );
  // 30,000 lines are ~2.5 MB; what is held is capped at 1 MiB of unwritten output.
  expect(rssBytes(child.pid!) - rssBefore).toBeLessThan(64 * 1024 * 1024);

  // The reader catches up: every request is a line or is counted in a note where it went missing.
  child.stdout.resume();
  await waitFor(() => sum(cli!.stdout(), LINE) + sum(cli!.stdout(), NOTE) === 30_000, {
    what: 'every request printed or counted',
    timeoutMs: 10_000,
  });
  const dropped = sum(cli.stdout(), NOTE);
  expect(dropped).toBeGreaterThan(0);
  expect(sum(cli.stdout(), LINE) + dropped).toBe(30_000);

  // Blocked again, with output queued: SIGTERM still exits, and says how many lines were lost.
  child.stdout.pause();
  await load(cli.url, 30_000);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise((resolve) => (timer = setTimeout(() => resolve('still running 5 s after SIGTERM'), 5000)));
  const code = await Promise.race([cli.stop(), late]);
  clearTimeout(timer);
  expect(code).toBe(0);
  const total = Number(
    /auth-sim: (\d+) request lines were dropped in all: the output was not keeping up/.exec(cli.stderr())?.[1],
  );
  expect(total).toBeGreaterThan(dropped);
}, 60_000);
