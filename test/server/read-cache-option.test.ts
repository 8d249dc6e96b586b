import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { startSimulator } from '../../src/api/start-simulator';
import { getClient, startTestSimulator, type TestSimulator } from '../helpers/test-simulator';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

const text = (errorText: string) => `tokens:\n  expired: { status: 401, errorCode: TOKEN_EXPIRED, errorText: ${errorText} }\n`;

let cache: TempDir;
const running: TestSimulator[] = [];
beforeEach(() => (cache = makeTempDir()));
afterEach(async () => {
  for (const t of running.splice(0)) await t.close();
  cache.remove();
});

const entries = () => readdirSync(cache.path).filter((name) => name.endsWith('.v8'));

async function start(errorText: string, withCache = true): Promise<TestSimulator> {
  const t = await startTestSimulator({ 'main.yaml': text(errorText) }, { watch: false, ...(withCache ? { readCache: { dir: cache.path, buildId: 'test-build' } } : {}) });
  running.push(t);
  return t;
}

test('runSimulator keeps no read cache unless asked', async () => {
  const t = await start('token expired', false);
  expect(t.sim.readCache).toBeNull();
});

test('with readCache, the next start of the same text reads it from the directory, and still reloads edits', async () => {
  const first = await start('token expired');
  expect(first.sim.readCache?.hits).toBe(0);
  await waitFor(() => entries().length === 1, { what: 'the cache file' });
  const second = await start('token expired');
  expect(second.sim.readCache?.hits).toBe(1);
  expect((await getClient(second.url, 'expired')).text).toBe('{"errorCode":"TOKEN_EXPIRED","errorText":"token expired"}');
  second.dir.write('main.yaml', text('token expired long ago'));
  const reload = await second.sim.store.reload('edit');
  expect(reload.ok).toBe(true);
  expect(second.sim.readCache?.hits).toBe(1); // reloads parse as before, without the disk
  expect((await getClient(second.url, 'expired')).text).toBe('{"errorCode":"TOKEN_EXPIRED","errorText":"token expired long ago"}');
});

test('startSimulator passes readCache through', async () => {
  const dir = path.join(cache.path, 'api');
  const scenarios = cache.write('scenarios/main.yaml', text('token expired'));
  const cached = await startSimulator({ scenarios, readCache: { dir, buildId: 'test-build' } });
  try {
    await waitFor(() => existsSync(dir) && readdirSync(dir).some((name) => name.endsWith('.v8')), { what: 'the cache file' });
  } finally {
    await cached.close();
  }
});
