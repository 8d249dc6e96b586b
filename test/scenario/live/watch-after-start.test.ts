import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { displayName } from '../../../src/scenario/base/read-scenario-sources';
import type { ReloadOutcome } from '../../../src/scenario/live/scenario-store';
import { getClient, startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';
import { waitFor } from '../../helpers/wait-for';

// The watcher starts once the server listens, after the first read: an edit made between the two
// is reported by no file event, so the watcher compares the files with that read once it is ready.

function answer(label: string, token = 'alice'): string {
  return `tokens:\n  ${token}:\n    status: 409\n    errorCode: VERSION\n    errorText: ${label}\n`;
}

let t: TestSimulator;
afterEach(() => t?.close());

async function startWatching(files: Record<string, string>): Promise<ReloadOutcome[]> {
  t = await startTestSimulator(files);
  const outcomes: ReloadOutcome[] = [];
  t.sim.store.on('reloaded', (o: ReloadOutcome) => outcomes.push(o));
  return outcomes;
}

async function errorText(token: string): Promise<string | undefined> {
  const reply = await getClient(t.url, token);
  return reply.status === 409 ? (JSON.parse(reply.text) as { errorText: string }).errorText : `${reply.status}`;
}

test('a file edited as soon as the start returns, before the watcher has scanned, is reloaded', async () => {
  const outcomes = await startWatching({ 'a.yaml': answer('one') });
  writeFileSync(path.join(t.dir.path, 'a.yaml'), answer('two'));
  await waitFor(async () => (await errorText('alice')) === 'two', { what: 'alice to answer "two"' });
  expect(outcomes.map((o) => [o.trigger, o.ok && o.changes.changed])).toEqual([
    [displayName(path.join(t.dir.path, 'a.yaml')), ['alice']],
  ]);
});

test('a file added or removed as soon as the start returns is reloaded', async () => {
  const outcomes = await startWatching({ 'a.yaml': answer('one'), 'b.yaml': answer('b', 'bob') });
  rmSync(path.join(t.dir.path, 'b.yaml'));
  writeFileSync(path.join(t.dir.path, 'c.yaml'), answer('c', 'carol'));
  await waitFor(async () => (await errorText('carol')) === 'c', { what: 'carol to answer "c"' });
  expect(await errorText('bob')).toBe('404');
  expect(outcomes).toHaveLength(1);
  expect(outcomes[0].ok && [outcomes[0].changes.added, outcomes[0].changes.removed]).toEqual([['carol'], ['bob']]);
});

test('files left as they were read cause no reload once the watcher is ready', async () => {
  const outcomes = await startWatching({ 'a.yaml': answer('one') });
  await t.sim.watcher?.ready;
  expect(outcomes).toEqual([]);
  expect(t.sim.store.status().reloads).toBe(1);
  // And the watcher sees what comes after.
  writeFileSync(path.join(t.dir.path, 'a.yaml'), answer('two'));
  await waitFor(async () => (await errorText('alice')) === 'two', { what: 'alice to answer "two"' });
});
