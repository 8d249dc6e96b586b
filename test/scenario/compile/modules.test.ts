import { readFileSync } from 'node:fs';
import path from 'node:path';
import { COMPANY_MODULES, MODULES, type ModuleName } from '../../../src/protocol/modules';
import { DEFAULT_WIRE_OPTIONS } from '../../../src/protocol/wire-encode';
import { DEFAULT_UNAVAILABLE } from '../../../src/protocol/built-in-answers';
import { getClient, postClient, startTestSimulator } from '../../helpers/test-simulator';

const CORPORATE = readFileSync(path.join(__dirname, '..', '..', '..', 'scenarios', 'corporate.yaml'), 'utf8');
const withModules = (modules: readonly ModuleName[]) => ({ wire: { ...DEFAULT_WIRE_OPTIONS, modules } });

describe.each(MODULES.map((m) => [m]))('with only %s installed', (module) => {
  const served = COMPANY_MODULES.includes(module);
  test(`companyList is ${served ? 'served' : 'left out, with a load warning'}`, async () => {
    const t = await startTestSimulator({ 'corporate.yaml': CORPORATE }, withModules([module]));
    try {
      const body = JSON.parse((await getClient(t.url, 'bob-corp')).text);
      expect(body.client.id).toBe('200100');
      expect('companyList' in body).toBe(served);
      const warning = t.sim.store.set.warnings.find((w) => w.path === 'tokens.bob-corp.companyList');
      if (served) expect(warning).toBeUndefined();
      else {
        expect(warning?.message).toBe(
          `tokens.bob-corp.companyList is left out: it is served only with the auth-b-api or corporate module, and the installed modules are: ${module}`,
        );
      }
    } finally {
      await t.close();
    }
  });
});

test('with every module (the default) companyList is served', async () => {
  const t = await startTestSimulator({ 'corporate.yaml': CORPORATE });
  try {
    expect(JSON.parse((await getClient(t.url, 'bob-corp')).text).companyList).toHaveLength(2);
  } finally {
    await t.close();
  }
});

test('with no module installed every request gets 503 API_UNAVAILABLE, known token or not, GET or POST', async () => {
  const t = await startTestSimulator({ 'corporate.yaml': CORPORATE }, withModules([]));
  try {
    const expected = JSON.stringify({
      errorCode: DEFAULT_UNAVAILABLE.errorCode,
      errorText: DEFAULT_UNAVAILABLE.errorText,
    });
    for (const res of [
      await getClient(t.url, 'bob-corp'),
      await postClient(t.url, 'bob-corp'),
      await getClient(t.url, 'nobody'),
    ]) {
      expect(res.status).toBe(503);
      expect(res.text).toBe(expected);
    }
    expect(DEFAULT_UNAVAILABLE.errorText).toBe(
      'the client authorization API is not available: none of the modules auth-c-api, auth-b-api, corporate, retail is installed',
    );
  } finally {
    await t.close();
  }
});

test('the API-unavailable answer is configurable with a top-level unavailable entry', async () => {
  const files = { 'corporate.yaml': CORPORATE, 'down.yaml': 'unavailable:\n  status: 404\n  body: none\n' };
  const t = await startTestSimulator(files, withModules([]));
  try {
    const res = await getClient(t.url, 'bob-corp');
    expect(res.status).toBe(404);
    expect(res.bytes.length).toBe(0);
  } finally {
    await t.close();
  }
});

test('the unavailable entry is ignored while a module is installed', async () => {
  const t = await startTestSimulator({
    'corporate.yaml': CORPORATE,
    'down.yaml': 'unavailable: { status: 404, body: none }\n',
  });
  try {
    expect((await getClient(t.url, 'bob-corp')).status).toBe(200);
  } finally {
    await t.close();
  }
});
