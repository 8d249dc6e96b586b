import { adminCall, jsonBody } from '../helpers/admin-client';
import { runCli, startCli } from '../helpers/spawn-cli';
import { getClient } from '../helpers/test-simulator';
import { makeTempDir } from '../helpers/temp-dir';

const STATUS = (n: number) => jsonBody({ status: n, body: 'none' });

test('a scenario file over --max-file-size is refused before it is read, naming the file, its size and the flag', () => {
  const dir = makeTempDir();
  dir.write(
    'big.yaml',
    `tokens:\n${'  # padding padding padding padding padding padding padding padding\n'.repeat(40)}  alice: {}\n`,
  );
  const result = runCli(['validate', '--max-file-size', '1kb', '.'], { cwd: dir.path });
  const raised = runCli(['validate', '--max-file-size', '1mb', '.'], { cwd: dir.path });
  dir.remove();
  expect(result.status).toBe(1);
  expect(result.stderr).toBe(
    'auth-sim: big.yaml:1:1 cannot read big.yaml: it is 2.7 KB, over the 1 KB limit for one scenario file (--max-file-size); split it, or describe many similar tokens with a generate: population\n',
  );
  expect(raised.status).toBe(0);
});

test('--max-entry-size, --max-runtime-tokens: over-limit PUTs get a clear 413 and 409, replacing and reset still work', async () => {
  const dir = makeTempDir();
  dir.write('a.yaml', 'tokens: {}\n');
  const cli = await startCli(
    ['--scenarios', dir.path, '--port', '0', '--max-entry-size', '1kb', '--max-runtime-tokens', '2'],
    { cwd: dir.path },
  );
  try {
    const big = await adminCall(cli.url, 'PUT', '/__admin/tokens/big', {
      body: JSON.stringify({ status: 410, errorText: 'x'.repeat(2000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ error: 'the entry is 2 KB, over the 1 KB limit for one entry (--max-entry-size)' });
    expect((await adminCall(cli.url, 'PUT', '/__admin/tokens/one', STATUS(401))).status).toBe(201);
    expect((await adminCall(cli.url, 'PUT', '/__admin/tokens/two', STATUS(402))).status).toBe(201);
    const third = await adminCall(cli.url, 'PUT', '/__admin/tokens/three', STATUS(403));
    expect(third.status).toBe(409);
    expect(third.body.error).toBe(
      'the entry for token "three" was not applied: PUT /__admin/tokens/three:1:1 there are already 2 runtime tokens, the most --max-runtime-tokens allows; remove some (DELETE) or reset (POST /reset) first, or start with a higher --max-runtime-tokens',
    );
    expect((await adminCall(cli.url, 'PUT', '/__admin/tokens/two', STATUS(405))).status).toBe(200);
    expect((await getClient(cli.url, 'two')).status).toBe(405);
    expect((await adminCall(cli.url, 'POST', '/__admin/reset')).status).toBe(200);
    expect((await adminCall(cli.url, 'PUT', '/__admin/tokens/three', STATUS(403))).status).toBe(201);
    expect(cli.child.exitCode).toBeNull();
  } finally {
    await cli.stop();
    dir.remove();
  }
});
