import { scenarioFileSchema } from '../scenario/schema/scenario-schema';
import { adminBodySchema, type AdminBodyName } from '../scenario/schema/admin-body-schemas';
import type { JsonSchema } from '../protocol/json-schema';
import type { AdminAnswer, AdminCaller, AdminCall } from './admin-caller';
import { validateScenarioText } from './validate-scenario-text';

/** What a tool hands back: text for the agent, and whether it is an error the agent should read as one. */
interface ToolResult {
  readonly text: string;
  readonly isError: boolean;
}

/** One MCP tool: its name, what it does, the JSON Schema of its arguments, and how it is carried out. */
export interface McpTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  run(args: Record<string, unknown>, admin: AdminCaller): Promise<ToolResult>;
}

const TOKEN = { type: 'string', minLength: 1, description: 'the token exactly as the chat server sends it' };
const SESSION = { type: 'string', minLength: 1, description: 'a session id (start_session gives it)' };
const OUTAGE_KEYS = { status: true, fault: true, for: true } as const;

/** The entry schema from the one field table: what `set_token` and `start_outage` accept. */
function entrySchema(): JsonSchema {
  const file = scenarioFileSchema();
  return { $ref: '#/$defs/Entry', $defs: file.$defs };
}

/** An admin body's schema, the one the admin API checks it with, as a tool's arguments. */
function adminBodyInput(name: AdminBodyName): JsonSchema {
  const { $id: _id, ...schema } = adminBodySchema(name);
  return schema;
}

function objectSchema(properties: Record<string, JsonSchema>, required: readonly string[] = []): JsonSchema {
  return { type: 'object', properties, required, additionalProperties: false };
}

/** A path segment: a token is one segment of the admin path, whatever it holds. */
const seg = encodeURIComponent;

/** The admin call a tool makes, answered as the tool's result: a 2xx is the body, anything else an error with its message. */
async function viaAdmin(admin: AdminCaller, call: AdminCall): Promise<ToolResult> {
  return asResult(await admin(call));
}

function asResult({ status, body }: AdminAnswer): ToolResult {
  if (status >= 200 && status < 300) return { text: JSON.stringify(body, null, 2), isError: false };
  const message =
    typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string'
      ? (body as { error: string }).error
      : `the admin API answered ${status}${typeof body === 'string' && body !== '' ? `: ${body}` : ''}`;
  return { text: message, isError: true };
}

function query(args: Record<string, unknown>, keys: readonly string[]): string {
  const params = new URLSearchParams();
  // The arguments were checked against the tool's schema: each of these is a string or a number.
  for (const key of keys) {
    const value = args[key];
    if (typeof value === 'string' || typeof value === 'number') params.set(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * Every tool `auth-sim mcp` and `/__admin/mcp` offer, each one admin route (validate_scenarios
 * checks text here, as `auth-sim validate` would): the agent sees what a person sees in the
 * admin API, with its messages and "did you mean".
 */
export function mcpTools(): readonly McpTool[] {
  return [
    {
      name: 'list_tokens',
      description:
        "List the tokens the simulator answers by name (runtime tokens first, then the scenario files' tokens with file:line) and its synthetic populations. `q` narrows by substring; at most 500 are listed.",
      inputSchema: objectSchema({ q: { type: 'string', description: 'a substring of the token or its file' } }),
      run: (args, admin) => viaAdmin(admin, { method: 'GET', path: `/tokens${query(args, ['q'])}` }),
    },
    {
      name: 'get_token',
      description:
        'What the next request for a token gets: its entry, where it is written, its state (sequence step, uses, expiry) and the answer (status, headers, body).',
      inputSchema: objectSchema({ token: TOKEN }, ['token']),
      run: (args, admin) => viaAdmin(admin, { method: 'GET', path: `/tokens/${seg(String(args.token))}` }),
    },
    {
      name: 'set_token',
      description:
        'Add or replace a runtime token: a scenario entry (the wire Response fields client, companyList, errorCode, errorText, and control keys status, delay, fault, sequence, expire, ...), checked like a scenario file. Problems come back as an error with "did you mean".',
      inputSchema: objectSchema({ token: TOKEN, entry: { ...entrySchema(), description: 'a scenario entry' } }, [
        'token',
        'entry',
      ]),
      run: (args, admin) =>
        viaAdmin(admin, { method: 'PUT', path: `/tokens/${seg(String(args.token))}`, body: args.entry }),
    },
    {
      name: 'delete_token',
      description:
        'Remove a runtime token (one added with set_token); tokens from the scenario files cannot be removed.',
      inputSchema: objectSchema({ token: TOKEN }, ['token']),
      run: (args, admin) => viaAdmin(admin, { method: 'DELETE', path: `/tokens/${seg(String(args.token))}` }),
    },
    {
      name: 'caller_report',
      description:
        'The caller report: how the chat server behaved, judged from its own traffic (per token: calls, retries, gaps, back-off, abandoned calls, calls after a card; unknown and unused tokens), the verdict and every failure with the file:line of its expectation.',
      inputSchema: objectSchema({}),
      run: (_args, admin) => viaAdmin(admin, { method: 'GET', path: '/report' }),
    },
    {
      name: 'list_requests',
      description:
        'The request journal, newest first: every protocol request with its token, status, fault, delay, bytes, duration and the entry that answered. Filters narrow it.',
      inputSchema: objectSchema({
        token: TOKEN,
        method: { type: 'string', enum: ['GET', 'POST'] },
        status: { type: 'integer', minimum: 100, maximum: 599 },
        since: { type: 'string', description: 'an ISO time or epoch milliseconds' },
        limit: { type: 'integer', minimum: 1 },
      }),
      run: (args, admin) =>
        viaAdmin(admin, {
          method: 'GET',
          path: `/requests${query(args, ['token', 'method', 'status', 'since', 'limit'])}`,
        }),
    },
    {
      name: 'reset',
      description:
        "Back to the scenario files: the journal, every token's state, the runtime tokens and the caller report are cleared.",
      inputSchema: objectSchema({}),
      run: (_args, admin) => viaAdmin(admin, { method: 'POST', path: '/reset' }),
    },
    {
      name: 'start_outage',
      description:
        'Make every token fail alike (the whole service down): a status (503) or a fault (reset, hang, ...), for a while (`for`: "30s") or until end_outage.',
      inputSchema: objectSchema({
        status: { type: 'integer', minimum: 100, maximum: 599 },
        fault: { type: 'string' },
        for: { type: 'string', description: 'how long, e.g. "30s" or "2m"; none: until end_outage' },
      }),
      run: (args, admin) => {
        const body = Object.fromEntries(Object.entries(args).filter(([key]) => key in OUTAGE_KEYS));
        return viaAdmin(admin, { method: 'POST', path: '/outage', body });
      },
    },
    {
      name: 'end_outage',
      description: 'Lift the outage started with start_outage.',
      inputSchema: objectSchema({}),
      run: (_args, admin) => viaAdmin(admin, { method: 'DELETE', path: '/outage' }),
    },
    {
      name: 'start_session',
      description:
        "Open a session: the chat server under test is given prefix + T, which answers as T would with the session's own state, journal and caller report (one test, one verdict). Answers {id, prefix}.",
      inputSchema: adminBodyInput('session-body'),
      run: (args, admin) => viaAdmin(admin, { method: 'POST', path: '/sessions', body: args }),
    },
    {
      name: 'session_report',
      description:
        "A session's caller report: its requests only, tokens named without the prefix, the verdict and failures.",
      inputSchema: objectSchema({ id: SESSION }, ['id']),
      run: (args, admin) => viaAdmin(admin, { method: 'GET', path: `/sessions/${seg(String(args.id))}/report` }),
    },
    {
      name: 'end_session',
      description: 'End a session: answers its final report and frees its state.',
      inputSchema: objectSchema({ id: SESSION }, ['id']),
      run: (args, admin) => viaAdmin(admin, { method: 'DELETE', path: `/sessions/${seg(String(args.id))}` }),
    },
    {
      name: 'wait_for_calls',
      description:
        "Wait until a token has been asked `calls` times (the chat server fetches in the background), or the time-out: answers the token's report entry, or an error saying how many calls came.",
      inputSchema: objectSchema(
        {
          token: TOKEN,
          calls: { type: 'integer', minimum: 1 },
          timeout: { type: 'string', description: 'at most this long, e.g. "5s" (under 10 s)' },
          session: SESSION,
        },
        ['token'],
      ),
      run: (args, admin) =>
        viaAdmin(admin, { method: 'GET', path: `/wait${query(args, ['token', 'calls', 'timeout', 'session'])}` }),
    },
    {
      name: 'wait_for_quiet',
      description: 'Wait until no protocol request has arrived for `quiet` (e.g. "300ms"), or the time-out.',
      inputSchema: objectSchema(
        {
          quiet: { type: 'string', description: 'how long without a request, e.g. "300ms"' },
          timeout: { type: 'string', description: 'at most this long, e.g. "5s" (under 10 s)' },
          session: SESSION,
        },
        ['quiet'],
      ),
      run: (args, admin) =>
        viaAdmin(admin, { method: 'GET', path: `/wait${query(args, ['quiet', 'timeout', 'session'])}` }),
    },
    {
      name: 'advance_clock',
      description:
        'Move scenario time forward (time-based expire, runtime and session lifetimes), e.g. "2h"; delays stay in real time.',
      inputSchema: adminBodyInput('clock-body'),
      run: (args, admin) => viaAdmin(admin, { method: 'POST', path: '/clock', body: { advance: args.advance } }),
    },
    {
      name: 'reset_clock',
      description: 'Scenario time back to real time.',
      inputSchema: objectSchema({}),
      run: (_args, admin) => viaAdmin(admin, { method: 'DELETE', path: '/clock' }),
    },
    {
      name: 'validate_scenarios',
      description:
        'Check a scenario file\'s YAML (or JSON) text as `auth-sim validate` would: every problem with line, column, field and "did you mean"; nothing is served.',
      inputSchema: objectSchema(
        {
          yaml: { type: 'string', description: 'the text of one scenario file' },
          file: { type: 'string', description: 'the name its problems carry (default scenario.yaml)' },
        },
        ['yaml'],
      ),
      run: (args) => {
        const verdict = validateScenarioText(
          String(args.yaml),
          typeof args.file === 'string' ? args.file : 'scenario.yaml',
        );
        return Promise.resolve({ text: JSON.stringify(verdict, null, 2), isError: !verdict.valid });
      },
    },
  ];
}
