import { scenarioFileSchema } from '../scenario/schema/scenario-schema';
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
const OUTAGE_KEYS = { status: true, fault: true, for: true } as const;

/** The entry schema from the one field table: what `set_token` and `start_outage` accept. */
function entrySchema(): JsonSchema {
  const file = scenarioFileSchema();
  return { $ref: '#/$defs/Entry', $defs: file.$defs };
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
