import { Option, type Command } from 'commander';
import type * as StdioModule from '@modelcontextprotocol/sdk/server/stdio.js';
import { DEFAULT_ADMIN_PREFIX } from '../protocol/endpoints';
import { httpAdminCaller } from '../mcp/admin-caller';
import { createMcpServer } from '../mcp/create-mcp-server';
import { packageVersion } from '../server/admin/package-version';

interface McpFlags {
  adminToken?: string;
}

/**
 * `auth-sim mcp <admin-url>`: an MCP server on stdin/stdout for a coding agent, driving a running
 * simulator through its admin API. stdout is the protocol's alone: nothing else is printed there.
 */
export function registerMcp(program: Command): void {
  program
    .command('mcp')
    .description('serve MCP on stdio for a coding agent, driving a running simulator through its admin API')
    .argument('<admin-url>', `the admin API, e.g. http://127.0.0.1:8080${DEFAULT_ADMIN_PREFIX}`)
    .addOption(new Option('--admin-token <secret>', 'the admin token, if it runs with one').env('AUTH_SIM_ADMIN_TOKEN'))
    .addHelpText(
      'after',
      `\nIn an agent's MCP configuration:\n  { "mcpServers": { "auth-sim": { "command": "npx", "args": ["auth-sim", "mcp", "http://127.0.0.1:8080${DEFAULT_ADMIN_PREFIX}"] } } }`,
    )
    .action(async (adminUrl: string, flags: McpFlags, command: Command) => {
      if (!/^https?:\/\//i.test(adminUrl))
        command.error(`auth-sim: the admin URL needs its scheme: http://${adminUrl}`, { exitCode: 2 });
      const { StdioServerTransport } = require('@modelcontextprotocol/sdk/server/stdio.js') as typeof StdioModule;
      const admin = httpAdminCaller({ adminUrl, token: flags.adminToken });
      const server = createMcpServer(admin, { version: packageVersion() });
      await server.connect(new StdioServerTransport());
    });
}
