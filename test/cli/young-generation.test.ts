import { startCli } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

const ALICE =
  'tokens:\n  alice:\n    client: { id: "1", name: A, surname: A, firstname: A, type: "1", enabled: true }\n';

/**
 * Loaded into the server's process: on SIGUSR2 it keeps young objects alive across scavenges, as
 * the journal's and the caller report's records of a request do under load, then prints the
 * largest new space V8 gave it. V8 alone doubles it to 32 MiB by the 8th of 40 steps, five after
 * it reaches 16: the cap, told a step or two after each collection, has that long to hold it.
 */
const SURVIVORS = `
const v8 = require('node:v8');
process.on('SIGUSR2', () => {
  const ring = new Array(200000);
  let made = 0, steps = 0, largest = 0;
  const step = () => {
    for (let k = 0; k < 20000; k++, made++) ring[made % ring.length] = { n: made, s: 'v' + made };
    const size = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;
    largest = Math.max(largest, size);
    if (++steps < 40) setImmediate(step);
    else process.stderr.write('new space: ' + largest + '\\n');
  };
  step();
});
`;

const MIB = 1024 * 1024;

let dir: TempDir;
beforeEach(() => {
  dir = makeTempDir();
  dir.write('team.yaml', ALICE);
  dir.write('survivors.js', SURVIVORS);
});
afterEach(() => dir.remove());

/** The largest new space the serving process had while young objects survived, in bytes. */
async function largestNewSpace(nodeOptions: string): Promise<number> {
  const cli = await startCli(['-s', 'team.yaml', '--port', '0', '--no-watch'], {
    cwd: dir.path,
    env: { NODE_OPTIONS: `${nodeOptions} --require ${dir.path}/survivors.js` },
  });
  try {
    expect((await fetch(`${cli.url}/rest/chat/client/id/alice`)).status).toBe(200);
    cli.child.kill('SIGUSR2');
    const line = await waitFor(() => /new space: (\d+)/.exec(cli.stderr()) ?? undefined, {
      what: 'the new space line',
      timeoutMs: 20_000,
    });
    return Number(line[1]);
  } finally {
    expect(await cli.stop()).toBe(0);
  }
}

test("serve holds V8's young generation at 16 MiB while requests' records survive scavenges", async () => {
  expect(await largestNewSpace('')).toBe(16 * MIB);
});

test('a process started with its own semi-space flag keeps what its owner set', async () => {
  // 16 MiB a semi-space is V8's own maximum: the new space then grows to 32 MiB, as without auth-sim.
  expect(await largestNewSpace('--max-semi-space-size=16')).toBe(32 * MIB);
});
