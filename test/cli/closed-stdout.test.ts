import { startCli } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

const ALICE =
  'tokens:\n  alice:\n    client: { id: "1", name: A, surname: A, firstname: A, type: "1", enabled: true }\n';

let dir: TempDir;
beforeEach(() => (dir = makeTempDir()));
afterEach(() => dir.remove());

test('serve goes on answering when the reader of its stdout goes away (auth-sim | head)', async () => {
  dir.write('team.yaml', ALICE);
  const cli = await startCli(['-s', 'team.yaml', '--port', '0', '--no-watch'], { cwd: dir.path });
  cli.child.stdout.destroy();
  const url = `${cli.url}/rest/chat/client/id/alice`;
  // The first request line written after the reader left meets EPIPE; every answer is still a 200.
  await waitFor(
    async () => {
      expect((await fetch(url)).status).toBe(200);
      return cli.stderr().includes('stdout closed');
    },
    { what: 'the stdout-closed note on stderr' },
  );
  expect((await fetch(url, { method: 'POST', headers: { token: 'alice' } })).status).toBe(200);
  expect(await cli.stop()).toBe(0);
  expect(cli.stderr()).toBe('auth-sim: stdout closed (EPIPE): its lines stop here; the server goes on answering\n');
});
