import express, { Router, type Request } from 'express';
import type * as StreamableHttpModule from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { TLSSocket } from 'node:tls';
import type { AdminSettings } from './control-parts';
import { requireAdminToken } from './request-guard';
import type * as AdminCallerModule from '../../mcp/admin-caller';
import type * as CreateMcpServerModule from '../../mcp/create-mcp-server';
import { packageVersion } from './package-version';
import { refuseDeepJson } from './refuse-deep-json';

/** The largest MCP message accepted: a set_token entry is at most a runtime entry. */
const MCP_BODY_LIMIT = '1mb';

/**
 * `POST /mcp`: the MCP tools over streamable HTTP (stateless: one SDK server per request), the
 * same tools `auth-sim mcp` serves over stdio. Every method needs the admin token when one is set.
 * The tools call this simulator's admin API at the address this request reached it on, so they
 * pass the same guard, checks and messages as any other admin call (an in-process injector,
 * light-my-request, was tried: Express 5 swaps the prototypes of its fake request and response).
 */
export function mcpRoutes(settings: AdminSettings): Router {
  const router = Router();
  const guard = settings.token === undefined ? [] : [requireAdminToken(settings.token, true)];
  router.all('/mcp', ...guard, express.json({ limit: MCP_BODY_LIMIT, verify: refuseDeepJson }), async (req, res) => {
    const { StreamableHTTPServerTransport } =
      require('@modelcontextprotocol/sdk/server/streamableHttp.js') as typeof StreamableHttpModule;
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    // Loaded at the first MCP call: a plain start loads none of the SDK, the tools or node:https.
    const { httpAdminCaller } = require('../../mcp/admin-caller') as typeof AdminCallerModule;
    const { createMcpServer } = require('../../mcp/create-mcp-server') as typeof CreateMcpServerModule;
    const admin = httpAdminCaller({
      adminUrl: ownAdminUrl(req, settings),
      token: settings.token,
      ownCertificate: true,
    });
    const server = createMcpServer(admin, { version: packageVersion() });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  return router;
}

/** This simulator's admin API at the local address and port the request came in on. */
function ownAdminUrl(req: Request, settings: AdminSettings): string {
  const socket = req.socket;
  const scheme = (socket as TLSSocket).encrypted ? 'https' : 'http';
  const address = socket.localAddress ?? '127.0.0.1';
  const host = address.includes(':') ? `[${address}]` : address;
  return `${scheme}://${host}:${socket.localPort}${settings.prefix}`;
}
