import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLI, cliEnv } from '../helpers/spawn-cli';
import { getClient, startTestSimulator, type TestSimulator } from '../helpers/test-simulator';

const SECRET = 'mcp-admin-secret';
const FILE = [
  'tokens:',
  '  alice: { client: { id: "100500", name: Alisa, surname: Ivanova, firstname: Alisa, type: "0", enabled: true } }',
  '  expired: { status: 401, errorCode: TOKEN_EXPIRED, errorText: token expired }',
  '',
].join('\n');
const TOOLS = [
  'advance_clock',
  'caller_report',
  'delete_token',
  'end_outage',
  'end_session',
  'get_token',
  'list_requests',
  'list_tokens',
  'reset',
  'reset_clock',
  'session_report',
  'set_token',
  'start_outage',
  'start_session',
  'validate_scenarios',
  'wait_for_calls',
  'wait_for_quiet',
];

interface TextResult {
  readonly isError?: boolean;
  readonly content: readonly { readonly type: string; readonly text?: string }[];
}
const textOf = (result: unknown): string => (result as TextResult).content.map((c) => c.text ?? '').join('');

let t: TestSimulator;
beforeAll(async () => {
  t = await startTestSimulator({ 'retail.yaml': FILE }, { admin: { token: SECRET } });
});
afterAll(() => t.close());

async function httpClient(token: string | undefined): Promise<Client> {
  const client = new Client({ name: 'jest', version: '1.0.0' });
  const headers: Record<string, string> = token === undefined ? {} : { 'x-admin-token': token };
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${t.url}/__admin/mcp`), { requestInit: { headers } }),
  );
  return client;
}

describe('the MCP tools over streamable HTTP at /__admin/mcp', () => {
  let client: Client;
  beforeAll(async () => {
    client = await httpClient(SECRET);
  });
  afterAll(() => client.close());

  test('lists every tool, each with a description and an object input schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.description?.length).toBeGreaterThan(20);
      expect(tool.inputSchema.type).toBe('object');
    }
    const setToken = tools.find((tool) => tool.name === 'set_token')!;
    const entry = (
      setToken.inputSchema.properties as Record<string, { $ref?: string; $defs?: Record<string, unknown> }>
    ).entry;
    expect(entry.$ref).toBe('#/$defs/Entry');
    expect(Object.keys(entry.$defs ?? {})).toEqual(expect.arrayContaining(['Entry', 'Client', 'Company']));
  });

  test('set_token makes a token answer over HTTP as the chat server asks it', async () => {
    const result = await client.callTool({
      name: 'set_token',
      arguments: { token: 'bob', entry: { status: 403, errorCode: 'BLOCKED', errorText: 'blocked' } },
    });
    expect(result.isError).toBe(false);
    expect(JSON.parse(textOf(result))).toEqual({ token: 'bob', replaced: false, warnings: [] });
    const wire = await getClient(t.url, 'bob');
    expect(wire.status).toBe(403);
    expect(wire.text).toBe('{"errorCode":"BLOCKED","errorText":"blocked"}');
    const view = JSON.parse(textOf(await client.callTool({ name: 'get_token', arguments: { token: 'bob' } }))) as {
      token: string;
    };
    expect(view.token).toBe('bob');
    const removed = await client.callTool({ name: 'delete_token', arguments: { token: 'bob' } });
    expect(JSON.parse(textOf(removed))).toEqual({ token: 'bob', removed: true });
  });

  test('a bad entry is a tool error with the admin API\'s message and "did you mean"', async () => {
    const result = await client.callTool({ name: 'set_token', arguments: { token: 'carol', entry: { stauts: 401 } } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^the entry for token "carol" was not applied: .*stauts.*did you mean "status"\?/);
  });

  test('a bad argument is a tool error naming it, and the server keeps answering', async () => {
    const missing = await client.callTool({ name: 'get_token', arguments: {} });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toBe("get_token: the arguments must have required property 'token'");
    const extra = await client.callTool({ name: 'reset', arguments: { everything: true } });
    expect(textOf(extra)).toBe('reset: unknown argument "everything"');
    const unknown = await client.callTool({ name: 'drop_tables', arguments: {} });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/^no tool "drop_tables"; the tools are list_tokens, get_token, /);
    expect((await client.listTools()).tools).toHaveLength(TOOLS.length);
  });

  test('the caller report names an unknown token the chat server asked for', async () => {
    await getClient(t.url, 'nobody-knows-me');
    const report = JSON.parse(textOf(await client.callTool({ name: 'caller_report', arguments: {} }))) as {
      unknownTokens: { count: number; top: { token: string; count: number }[] };
    };
    expect(report.unknownTokens.top).toEqual([{ token: 'nobody-knows-me', count: 1, nearMisses: [] }]);
    const journal = JSON.parse(
      textOf(await client.callTool({ name: 'list_requests', arguments: { token: 'nobody-knows-me' } })),
    ) as { requests: { token: string; status: number }[] };
    expect(journal.requests.map((entry) => [entry.token, entry.status])).toEqual([['nobody-knows-me', 404]]);
  });

  test('an outage started and ended by tools', async () => {
    const started = await client.callTool({ name: 'start_outage', arguments: { status: 503 } });
    expect(started.isError).toBe(false);
    expect((await getClient(t.url, 'alice')).status).toBe(503);
    await client.callTool({ name: 'end_outage', arguments: {} });
    expect((await getClient(t.url, 'alice')).status).toBe(200);
  });

  test("a session: its own token, a wait for the chat server's call, its own report, then ended", async () => {
    const started = await client.callTool({ name: 'start_session', arguments: { tokens: ['alice'] } });
    const { id, prefix } = JSON.parse(textOf(started)) as { id: string; prefix: string };
    const waiting = client.callTool({
      name: 'wait_for_calls',
      arguments: { token: 'alice', calls: 1, timeout: '5s', session: id },
    });
    expect((await getClient(t.url, `${prefix}alice`)).status).toBe(200);
    const waited = await waiting;
    expect(waited.isError).toBe(false);
    expect((JSON.parse(textOf(waited)) as { reached: boolean }).reached).toBe(true);
    const report = JSON.parse(textOf(await client.callTool({ name: 'session_report', arguments: { id } }))) as {
      tokens: Record<string, { calls: number }>;
      verdict: string;
    };
    expect(report.tokens.alice.calls).toBe(1);
    expect(report.verdict).toBe('pass');
    expect((await client.callTool({ name: 'end_session', arguments: { id } })).isError).toBe(false);
    const gone = await client.callTool({ name: 'session_report', arguments: { id } });
    expect(gone.isError).toBe(true);
    expect(textOf(gone)).toMatch(/session/);
  });

  test('the clock moved forward and back by tools', async () => {
    const moved = await client.callTool({ name: 'advance_clock', arguments: { advance: '2h' } });
    expect(moved.isError).toBe(false);
    expect(((await (await fetch(`${t.url}/__admin/clock`)).json()) as { offsetMs: number }).offsetMs).toBe(7_200_000);
    await client.callTool({ name: 'reset_clock', arguments: {} });
    expect(((await (await fetch(`${t.url}/__admin/clock`)).json()) as { offsetMs: number }).offsetMs).toBe(0);
  });

  test('validate_scenarios places each problem and suggests the field meant', async () => {
    const bad = await client.callTool({
      name: 'validate_scenarios',
      arguments: { yaml: 'tokens:\n  dan: { stauts: 401 }\n', file: 'qa.yaml' },
    });
    expect(bad.isError).toBe(true);
    const verdict = JSON.parse(textOf(bad)) as { valid: boolean; problems: string[] };
    expect(verdict.valid).toBe(false);
    expect(verdict.problems[0]).toBe(
      'qa.yaml:2:10 tokens.dan.stauts is not a scenario entry field; did you mean "status"?',
    );
    const good = await client.callTool({ name: 'validate_scenarios', arguments: { yaml: FILE } });
    expect(JSON.parse(textOf(good))).toEqual({ valid: true, tokens: 2, problems: [] });
  });

  test('resources: the protocol fields and the loaded scenario file', async () => {
    const { resources } = await client.listResources();
    const file = resources.find((r) => r.name.endsWith('retail.yaml'))!;
    expect(resources[0].uri).toBe('auth-sim://protocol/fields');
    const fields = await client.readResource({ uri: 'auth-sim://protocol/fields' });
    expect((fields.contents[0] as { text: string }).text).toMatch(/^# Protocol fields/);
    const read = await client.readResource({ uri: file.uri });
    expect((read.contents[0] as { text: string }).text).toBe(FILE);
  });
});

test('/__admin/mcp refuses a request without the admin token when one is set', async () => {
  await expect(httpClient(undefined)).rejects.toThrow(/POST \/__admin\/mcp needs the admin token/);
  const res = await fetch(`${t.url}/__admin/mcp`, { method: 'GET' });
  expect(res.status).toBe(401);
  expect(((await res.json()) as { error: string }).error).toBe(
    'GET /__admin/mcp needs the admin token: send "authorization: Bearer <token>" or "x-admin-token: <token>" with the --admin-token value',
  );
});

test('auth-sim mcp serves the same tools on stdio, with the admin token from AUTH_SIM_ADMIN_TOKEN', async () => {
  const client = new Client({ name: 'jest', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp', `${t.url}/__admin`],
    env: { ...(cliEnv() as Record<string, string>), AUTH_SIM_ADMIN_TOKEN: SECRET },
    stderr: 'pipe',
  });
  await client.connect(transport);
  try {
    expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
    const set = await client.callTool({ name: 'set_token', arguments: { token: 'erin', entry: { status: 418 } } });
    expect(set.isError).toBe(false);
    expect((await getClient(t.url, 'erin')).status).toBe(418);
    const wrong = await client.callTool({ name: 'set_token', arguments: { token: 'erin', entry: { stauts: 1 } } });
    expect(textOf(wrong)).toMatch(/did you mean "status"\?/);
    const view = await client.callTool({ name: 'get_token', arguments: { token: 'alice' } });
    expect((JSON.parse(textOf(view)) as { token: string }).token).toBe('alice');
  } finally {
    await client.close();
  }
});
