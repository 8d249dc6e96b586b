import { once } from 'node:events';
import { closeSync, ftruncateSync, openSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { displayName } from '../../../src/scenario/base/read-scenario-sources';
import type { ReloadOutcome } from '../../../src/scenario/live/scenario-store';
import { runSimulator } from '../../../src/server/run-simulator';
import { makeTempDir } from '../../helpers/temp-dir';
import { getClient, startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';
import { waitFor } from '../../helpers/wait-for';

/** A file answering `token` with 409 and an errorText that names the version. */
function version(label: string, token = 'alice'): string {
  return `tokens:\n  ${token}:\n    status: 409\n    errorCode: VERSION\n    errorText: ${label}\n`;
}

function bodyOf(label: string): string {
  return `{"errorCode":"VERSION","errorText":"${label}"}`;
}

const NOT_FOUND = '{"errorCode":"CLIENT_NOT_FOUND","errorText":"client not found"}';

let t: TestSimulator;
afterEach(() => t?.close());

async function text(token: string): Promise<string> {
  return (await getClient(t.url, token)).text;
}

function waitForBody(token: string, body: string): Promise<true> {
  return waitFor(async () => (await text(token)) === body, { what: `${token} to answer ${body}` });
}

/** Requests `token` in a loop until stopped; every body seen, in order. */
function keepAsking(token: string): { stop(): Promise<string[]> } {
  const seen: string[] = [];
  let going = true;
  const loop = (async () => {
    while (going) seen.push(await text(token));
  })();
  return { stop: async () => ((going = false), await loop, seen) };
}

/** Every body is the old or the new one, and once the new one shows, the old one never comes back. */
function expectOnlyOldThenNew(seen: string[], oldBody: string, newBody: string): void {
  expect(seen.filter((b) => b !== oldBody && b !== newBody)).toEqual([]);
  const firstNew = seen.indexOf(newBody);
  expect(firstNew === -1 ? [] : seen.slice(firstNew).filter((b) => b === oldBody)).toEqual([]);
}

/** Every 'reloaded' and 'reload-failed' outcome the store announces from now on. */
function recordOutcomes(): ReloadOutcome[] {
  const outcomes: ReloadOutcome[] = [];
  t.sim.store.on('reloaded', (o: ReloadOutcome) => outcomes.push(o));
  t.sim.store.on('reload-failed', (o: ReloadOutcome) => outcomes.push(o));
  return outcomes;
}

describe('each editor save style is picked up and never serves a half-saved file', () => {
  const styles: Record<string, (file: string, text: string) => void> = {
    'write in place': (file, text) => writeFileSync(file, text),
    'temp file renamed over (JetBrains)': (file, text) => {
      writeFileSync(`${file}___jb_tmp___`, text);
      renameSync(file, `${file}___jb_old___`);
      renameSync(`${file}___jb_tmp___`, file);
      rmSync(`${file}___jb_old___`);
    },
    'backup, probe and swap files (vim)': (file, text) => {
      const dir = path.dirname(file);
      writeFileSync(path.join(dir, `.${path.basename(file)}.swp`), 'swap');
      writeFileSync(path.join(dir, '4913'), '');
      rmSync(path.join(dir, '4913'));
      renameSync(file, `${file}~`);
      writeFileSync(file, text);
      rmSync(`${file}~`);
      rmSync(path.join(dir, `.${path.basename(file)}.swp`));
    },
  };

  test.each(Object.keys(styles))('%s', async (style) => {
    t = await startTestSimulator({ 'a.yaml': version('one') });
    const outcomes = recordOutcomes();
    const asking = keepAsking('alice');
    styles[style](path.join(t.dir.path, 'a.yaml'), version('two'));
    await waitForBody('alice', bodyOf('two'));
    const seen = await asking.stop();
    expectOnlyOldThenNew(seen, bodyOf('one'), bodyOf('two'));
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    const last = outcomes[outcomes.length - 1];
    expect(last.ok && last.changes).toEqual({
      added: [],
      removed: [],
      changed: ['alice'],
      fallbackChanged: false,
      populationsAdded: [],
      populationsRemoved: [],
    });
    expect(last.trigger).toBe(displayName(path.join(t.dir.path, 'a.yaml')));
  });

  test('truncate, pause, then write: the emptied file is never served and no error is reported', async () => {
    t = await startTestSimulator({ 'a.yaml': version('one') });
    const outcomes = recordOutcomes();
    const attempts = jest.spyOn(t.sim.store, 'attemptReload');
    const asking = keepAsking('alice');
    const fd = openSync(path.join(t.dir.path, 'a.yaml'), 'r+');
    ftruncateSync(fd, 0);
    // The pause lasts until the watcher has tried the empty file: an editor caught mid-save.
    await waitFor(() => attempts.mock.calls.length > 0, { what: 'a reload attempt on the emptied file' });
    writeSync(fd, version('two'), 0);
    closeSync(fd);
    await waitForBody('alice', bodyOf('two'));
    const seen = await asking.stop();
    expectOnlyOldThenNew(seen, bodyOf('one'), bodyOf('two'));
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    expect(t.sim.store.status().lastError).toBeNull();
  });

  test('a file left empty is reported, and the last good set keeps serving', async () => {
    t = await startTestSimulator({ 'a.yaml': version('one') });
    writeFileSync(path.join(t.dir.path, 'a.yaml'), '');
    const error = await waitFor(() => t.sim.store.status().lastError ?? undefined, { what: 'lastError' });
    expect(error.problems.map((p) => `${path.basename(p.file)}:${p.line}:${p.column}`)).toEqual(['a.yaml:1:1']);
    expect(error.problems[0].message).toMatch(/the file is empty/);
    expect(await text('alice')).toBe(bodyOf('one'));
  });
});

describe('files and directories coming and going', () => {
  test('deleting a file takes its tokens away', async () => {
    t = await startTestSimulator({ 'a.yaml': version('one'), 'b.yaml': version('bee', 'bob') });
    rmSync(path.join(t.dir.path, 'b.yaml'));
    await waitForBody('bob', NOT_FOUND);
    expect(await text('alice')).toBe(bodyOf('one'));
    expect(t.sim.store.status()).toMatchObject({
      tokens: 1,
      lastReload: { ok: true, added: 0, removed: 1, changed: 0 },
    });
    expect(t.sim.store.status().files.map((f) => path.basename(f))).toEqual(['a.yaml']);
  });

  test('a new file adds its tokens', async () => {
    t = await startTestSimulator({ 'a.yaml': version('one') });
    t.dir.write('b.yaml', version('bee', 'bob'));
    await waitForBody('bob', bodyOf('bee'));
    expect(t.sim.store.status()).toMatchObject({
      tokens: 2,
      lastReload: { ok: true, added: 1, removed: 0, changed: 0 },
    });
  });

  test('a subdirectory added later, with a file in it, is watched too', async () => {
    t = await startTestSimulator({ 'a.yaml': version('one') });
    t.dir.write('more/deeper/c.yaml', version('sea', 'carol'));
    await waitForBody('carol', bodyOf('sea'));
    writeFileSync(path.join(t.dir.path, 'more/deeper/c.yaml'), version('sea two', 'carol'));
    await waitForBody('carol', bodyOf('sea two'));
  });

  test("removing a directory takes its files' tokens away", async () => {
    t = await startTestSimulator({ 'a.yaml': version('one'), 'sub/b.yaml': version('bee', 'bob') });
    rmSync(path.join(t.dir.path, 'sub'), { recursive: true });
    await waitForBody('bob', NOT_FOUND);
    expect(await text('alice')).toBe(bodyOf('one'));
  });

  test('editor leftovers and other files never cause a reload', async () => {
    t = await startTestSimulator({ 'a.yaml': version('one') });
    const outcomes = recordOutcomes();
    for (const name of ['4913', 'a.yaml~', '.a.yaml.swp', 'notes.txt', '.hidden/x.yaml'])
      t.dir.write(name, 'tokens: [broken');
    t.dir.write('a.yaml', version('two'));
    await waitForBody('alice', bodyOf('two'));
    // The trigger names every file whose events led to the reload: only a.yaml.
    expect(outcomes.map((o) => [o.ok, o.trigger])).toEqual([[true, displayName(path.join(t.dir.path, 'a.yaml'))]]);
  });

  test('a single file given by path is watched through renames over it, and its neighbours are not', async () => {
    const dir = makeTempDir();
    const file = dir.write('only.yaml', version('one'));
    const sim = await runSimulator({ sources: { paths: [file] }, port: 0 });
    t = { sim, url: sim.url, dir, close: async () => (await sim.close(1000), dir.remove()) };
    writeFileSync(`${file}.tmp`, version('two'));
    renameSync(`${file}.tmp`, file);
    await waitForBody('alice', bodyOf('two'));
    dir.write('sibling.yaml', version('sib', 'sid'));
    writeFileSync(file, version('three'));
    await waitForBody('alice', bodyOf('three'));
    expect(await text('sid')).toBe(NOT_FOUND);
  });
});

describe('a broken edit', () => {
  test('keeps the old set serving, records the problem with its place, and the fix applies', async () => {
    t = await startTestSimulator({ 'a.yaml': version('one') });
    const loadedAt = t.sim.store.status().loadedAt;
    writeFileSync(path.join(t.dir.path, 'a.yaml'), 'tokens:\n  alice:\n    status: 409\n    errorTxt: typo\n');
    const error = await waitFor(() => t.sim.store.status().lastError ?? undefined, { what: 'lastError' });
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatchObject({ line: 4, column: 5, severity: 'error', path: 'tokens.alice.errorTxt' });
    expect(path.basename(error.problems[0].file)).toBe('a.yaml');
    expect(await text('alice')).toBe(bodyOf('one'));
    expect(t.sim.store.status()).toMatchObject({ loadedAt, lastReload: { ok: false } });

    writeFileSync(path.join(t.dir.path, 'a.yaml'), version('two'));
    await waitForBody('alice', bodyOf('two'));
    expect(t.sim.store.status().lastError).toBeNull();
    expect(t.sim.store.status().lastReload).toMatchObject({ ok: true, changed: 1 });
  });

  test('a YAML syntax error and a duplicate token across files are reported once each, with file:line:column', async () => {
    t = await startTestSimulator({ 'a.yaml': version('one'), 'b.yaml': version('bee', 'bob') });
    const failures: ReloadOutcome[] = [];
    t.sim.store.on('reload-failed', (o: ReloadOutcome) => failures.push(o));
    writeFileSync(path.join(t.dir.path, 'b.yaml'), 'tokens:\n  bob:\n    status: 409\n    status: 410\n');
    await waitFor(() => failures.length === 1, { what: 'the syntax error' });
    const syntax = failures[0].ok ? [] : failures[0].problems;
    expect(syntax.map((p) => `${path.basename(p.file)}:${p.line}:${p.column}`)).toEqual(['b.yaml:4:5']);
    expect(syntax[0].message).toMatch(/"status" is repeated/);

    writeFileSync(path.join(t.dir.path, 'b.yaml'), version('again'));
    await waitFor(() => failures.length === 2, { what: 'the duplicate token' });
    const duplicate = failures[1].ok ? [] : failures[1].problems;
    expect(duplicate.map((p) => `${path.basename(p.file)}:${p.line}:${p.column}`)).toEqual(['b.yaml:2:3']);
    expect(duplicate[0].message).toMatch(/token "alice" is defined twice/);
    expect(await text('alice')).toBe(bodyOf('one'));
    expect(await text('bob')).toBe(bodyOf('bee'));
  });
});

test('a request in flight during a reload is answered wholly from the set it started with', async () => {
  const slow = (label: string, status: number) =>
    `tokens:\n  slow:\n    delay: 2s\n    status: ${status}\n    headers: { X-Version: ${label} }\n    errorCode: VERSION\n    errorText: ${label}\n`;
  t = await startTestSimulator({ 'a.yaml': slow('one', 409) });
  const arrived = once(t.sim.server, 'request');
  const started = Date.now();
  const inFlight = fetch(`${t.url}/rest/chat/client/id/slow`);
  await arrived;
  writeFileSync(
    path.join(t.dir.path, 'a.yaml'),
    `${slow('two', 410).replace('delay: 2s', 'delay: 0')}${version('two', 'probe').slice('tokens:\n'.length)}`,
  );
  await waitForBody('probe', bodyOf('two'));
  expect((await getClient(t.url, 'slow')).status).toBe(410);
  expect(Date.now() - started).toBeLessThan(2000);
  const old = await inFlight;
  expect(old.status).toBe(409);
  expect(old.headers.get('x-version')).toBe('one');
  expect(await old.text()).toBe(bodyOf('one'));
  expect(Date.now() - started).toBeGreaterThanOrEqual(1990);
});

describe('without watching', () => {
  test('watch: false starts no watcher, and an explicit reload still applies', async () => {
    t = await startTestSimulator({ 'a.yaml': version('one') }, { watch: false });
    expect(t.sim.watcher).toBeNull();
    writeFileSync(path.join(t.dir.path, 'a.yaml'), version('two'));
    expect(await text('alice')).toBe(bodyOf('one'));
    const outcome = await t.sim.store.reload('SIGHUP');
    expect(outcome.ok && outcome.changes.changed).toEqual(['alice']);
    expect(await text('alice')).toBe(bodyOf('two'));
  });
});
