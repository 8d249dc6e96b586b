import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { DASHBOARD_DIR } from '../../src/server/admin/ui-routes';
import { MATCH_KINDS } from '../../src/server/endpoint/journal';
import { FAULT_NAMES } from '../../src/scenario/schema/fault-names';
import { startTestSimulator, type TestSimulator } from '../helpers/test-simulator';

/** Every file of the built dashboard (npm test builds first), relative to its folder. */
function assets(dir = DASHBOARD_DIR, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) =>
    statSync(path.join(dir, name)).isDirectory()
      ? assets(path.join(dir, name), `${prefix}${name}/`)
      : [`${prefix}${name}`],
  );
}

test('the page and everything it loads weigh under 150 KB and name no other host', () => {
  const files = assets();
  expect(files).toContain('index.html');
  expect(files).toContain('vendor/preact-htm.js');
  const bytes = files.reduce((n, f) => n + statSync(path.join(DASHBOARD_DIR, f)).size, 0);
  expect(bytes).toBeLessThan(150 * 1024);
  for (const file of files)
    expect([
      file,
      readFileSync(path.join(DASHBOARD_DIR, file), 'utf8').match(/(src|href)=["']?(https?:)?\/\//g),
    ]).toEqual([file, null]);
});

/** A `const NAME = [...]` list of strings as a page module writes it. */
function pageList(file: string, name: string): unknown {
  const text = readFileSync(path.join(DASHBOARD_DIR, file), 'utf8');
  return JSON.parse((new RegExp(`const ${name} = (\\[[^\\]]*\\]);`).exec(text)?.[1] ?? 'null').replace(/'/g, '"'));
}

test("the page's filter and fault lists are the journal's match kinds and the loader's fault names", () => {
  expect(pageList('traffic.js', 'MATCHED')).toEqual([...MATCH_KINDS]);
  expect(pageList('change-panel.js', 'FAULTS')).toEqual([...FAULT_NAMES]);
});

describe('GET /__admin/ui/', () => {
  let t: TestSimulator;
  beforeAll(async () => {
    t = await startTestSimulator({ 'a.yaml': 'tokens:\n  alice: { status: 204, body: none }\n' });
  });
  afterAll(async () => t.close());

  test('serves the page and its modules from the package', async () => {
    const page = await fetch(`${t.url}/__admin/ui/`);
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    expect(await page.text()).toContain('<title>auth-sim dashboard</title>');
    const vendor = await fetch(`${t.url}/__admin/ui/vendor/preact-htm.js`);
    expect([vendor.status, vendor.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
  });

  test('sends /ui to /ui/, where the relative URLs of the page work', async () => {
    const res = await fetch(`${t.url}/__admin/ui`, { redirect: 'manual' });
    expect([res.status, res.headers.get('location')]).toEqual([301, '/__admin/ui/']);
  });
});
