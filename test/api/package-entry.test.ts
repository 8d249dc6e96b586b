import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { main: string; types: string };

// npm test builds dist/ first; these check what `import 'auth-sim'` gets from the published package.
test('the package entry is the built programmatic API, and it starts a simulator', async () => {
  const api = (await import(path.join(root, pkg.main))) as typeof import('../../src/index');
  const sim = await api.startSimulator({ scenarios: { tokens: { alice: { status: 204, body: 'none' } } } });
  try {
    expect((await fetch(`${sim.url}/rest/chat/client/id/alice`)).status).toBe(204);
  } finally {
    await sim.close();
  }
});

test('the package ships type declarations for the handle and its options', () => {
  const types = path.join(root, pkg.types);
  expect(existsSync(types)).toBe(true);
  const text = readFileSync(types, 'utf8');
  expect(text).toContain('startSimulator');
  expect(text).toContain('SimulatorHandle');
  expect(existsSync(path.join(root, 'dist', 'api', 'start-simulator.d.ts'))).toBe(true);
});
