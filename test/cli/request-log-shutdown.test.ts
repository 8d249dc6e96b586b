import { startCli, type CliProcess } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';

/** Requests sent in all, 50 at a time: enough that lines are still queued when the signal comes. */
const REQUESTS = 1000;

describe('the request log on a clean stop', () => {
  let dir: TempDir;
  let cli: CliProcess | undefined;

  beforeEach(() => {
    dir = makeTempDir();
    dir.write('retail.yaml', 'tokens:\n  alice:\n    status: 204\n    body: none\n');
  });

  afterEach(async () => {
    await cli?.stop();
    cli = undefined;
    dir.remove();
  });

  test.each(['SIGTERM', 'SIGINT'] as const)(
    'N requests answered, then %s: N request lines on stdout before "stopped"',
    async (signal) => {
      cli = await startCli(['--scenarios', dir.path, '--port', '0']);
      for (let sent = 0; sent < REQUESTS; sent += 50) {
        const batch = Array.from({ length: 50 }, (_, i) =>
          fetch(`${cli!.url}/rest/chat/client/id/${i % 2 ? 'alice' : 'bob'}`).then((r) => r.status),
        );
        expect(new Set(await Promise.all(batch))).toEqual(new Set([204, 404]));
      }
      cli.child.kill(signal);
      expect(await cli.exited()).toBe(0);
      const lines = cli.stdout().split('\n');
      expect(lines.filter((l) => / GET alice 204 /.test(l))).toHaveLength(REQUESTS / 2);
      expect(lines.filter((l) => / GET bob 404 /.test(l))).toHaveLength(REQUESTS / 2);
      expect(lines[lines.length - 2]).toBe('auth-sim: stopped');
    },
  );
});
