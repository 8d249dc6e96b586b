import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type * as ServerModule from '@modelcontextprotocol/sdk/server/index.js';
import type * as TypesModule from '@modelcontextprotocol/sdk/types.js';
import type { ValidateFunction } from 'ajv';
import type { AdminCaller } from './admin-caller';
import { mcpTools, type McpTool } from './mcp-tools';
import { listResources, readResource } from './mcp-resources';

/** The name and version an MCP client sees. */
export interface McpIdentity {
  readonly version: string;
}

/**
 * An MCP server (the official SDK's low-level `Server`, so each tool's input schema is the JSON
 * Schema from the one field table, not a second description in zod) whose tools and resources
 * drive a simulator through `admin`. A bad argument is a tool error naming it, never a crash.
 */
export function createMcpServer(admin: AdminCaller, identity: McpIdentity): Server {
  const sdk = require('@modelcontextprotocol/sdk/server/index.js') as typeof ServerModule;
  const types = require('@modelcontextprotocol/sdk/types.js') as typeof TypesModule;
  const tools = mcpTools();
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const server = new sdk.Server(
    { name: 'auth-sim', version: identity.version },
    {
      capabilities: { tools: {}, resources: {} },
      instructions:
        'auth-sim simulates a chat-client authorization service. Use list_tokens/get_token to see what a token gets, set_token to make one answer differently, list_requests and caller_report to see what the chat server did.',
    },
  );
  server.setRequestHandler(types.ListToolsRequestSchema, () => ({
    tools: tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
  }));
  server.setRequestHandler(types.CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    const args = request.params.arguments ?? {};
    if (tool === undefined)
      return errorResult(`no tool "${request.params.name}"; the tools are ${[...byName.keys()].join(', ')}`);
    const wrong = argumentProblem(tool, args);
    if (wrong !== null) return errorResult(`${tool.name}: ${wrong}`);
    try {
      const result = await tool.run(args, admin);
      return { content: [{ type: 'text' as const, text: result.text }], isError: result.isError };
    } catch (error) {
      return errorResult(`${tool.name}: ${(error as Error).message}`);
    }
  });
  server.setRequestHandler(types.ListResourcesRequestSchema, async () => ({ resources: await listResources(admin) }));
  server.setRequestHandler(types.ReadResourceRequestSchema, async (request) => ({
    contents: [await readResource(admin, request.params.uri)],
  }));
  return server;
}

function errorResult(text: string) {
  return { content: [{ type: 'text' as const, text }], isError: true };
}

const validators = new Map<string, ValidateFunction>();

/**
 * The arguments checked against the tool's schema, shallowly: an entry is checked by the admin
 * API itself, whose messages place each problem and suggest the field meant.
 */
function argumentProblem(tool: McpTool, args: Record<string, unknown>): string | null {
  let validate = validators.get(tool.name);
  if (validate === undefined) {
    const { default: Ajv } = require('ajv') as typeof import('ajv');
    validate = new Ajv({ allErrors: true, strict: false }).compile(shallow(tool.inputSchema));
    validators.set(tool.name, validate);
  }
  if (validate(args)) return null;
  return (validate.errors ?? [])
    .map((e) => {
      const where = e.instancePath === '' ? 'the arguments' : `argument ${e.instancePath.slice(1).replace(/\//g, '.')}`;
      const extra = (e.params as { additionalProperty?: string }).additionalProperty;
      return extra === undefined ? `${where} ${e.message ?? 'are not valid'}` : `unknown argument "${extra}"`;
    })
    .join('; ');
}

/** A tool schema whose `$ref` properties (the entry) only need to be objects. */
function shallow(schema: Record<string, unknown>): Record<string, unknown> {
  const { $defs: _, properties, ...rest } = schema as { $defs?: unknown; properties?: Record<string, object> };
  const props = Object.fromEntries(
    Object.entries(properties ?? {}).map(([key, value]) => [key, '$ref' in value ? { type: 'object' } : value]),
  );
  return { ...rest, properties: props };
}
