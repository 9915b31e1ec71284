/**
 * Case 3, what a developer would otherwise write: the MCP SDK's documented stateless pattern. Per
 * request a new `McpServer` with our 13 tools (the same definitions, zod schemas and platform, so
 * the data and the work are identical) and a new `StreamableHTTPServerTransport`, behind the SDK's
 * own `requireBearerAuth`. No rate limiter: that only flatters it.
 */
import { createServer } from 'node:http';
import express from 'express';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import type { OAuthTokenVerifier } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { surveyTools } from '../../src/mcp/tools/index.js';
import { toolError, toolSuccess } from '../../src/mcp/tool-result.js';
import { mcpScope, verifyAccessToken } from '../../src/oauth/tokens.js';
import { PlatformError } from '../../src/platform/errors.js';
import { createPlatform, type Platform } from '../../src/platform/index.js';
import { systemClock } from '../../src/platform/clock.js';
import { openStore } from '../../src/store/open.js';
import type { Store } from '../../src/store/store.js';
import { listenOnLoopback, runChild } from './child.js';
import type { NaiveOptions } from './protocol.js';

function buildMcpServer(platform: Platform): McpServer {
  const server = new McpServer({ name: 'survey-mcp-naive', version: '0.0.0' });
  for (const tool of surveyTools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: tool.annotations,
      },
      async (args: Record<string, unknown>, extra) => {
        const userId = extra.authInfo?.extra?.userId as string;
        try {
          return await toolSuccess(tool.name, (await tool.run({ platform, userId }, args)) as Record<string, unknown>);
        } catch (error) {
          if (error instanceof PlatformError) return toolError(error.message);
          throw error;
        }
      },
    );
  }
  return server;
}

function verifierOf(store: Store): OAuthTokenVerifier {
  return {
    async verifyAccessToken(token) {
      const now = systemClock.now();
      const verdict = await verifyAccessToken(store, token, now);
      if (!verdict.ok) throw new InvalidTokenError(`token ${verdict.reason}`);
      // verifyAccessToken has just refused expired tokens but does not return the expiry, which
      // requireBearerAuth insists on: the token is valid as of this check.
      return {
        token,
        clientId: verdict.clientId,
        scopes: verdict.scope.split(' '),
        expiresAt: Math.ceil(now / 1000) + 1,
        extra: { userId: verdict.userId },
      };
    },
  };
}

runChild<NaiveOptions>(async ({ db }) => {
  const store = await openStore(db);
  const platform = createPlatform({ store, clock: systemClock });
  const app = express();
  app.post(
    '/',
    requireBearerAuth({ verifier: verifierOf(store), requiredScopes: [mcpScope] }),
    express.json(),
    async (req, res) => {
      const server = buildMcpServer(platform);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    },
  );
  const http = await listenOnLoopback(createServer(app));
  return {
    url: http.url,
    close: async () => {
      await http.close();
      await store.close();
    },
  };
});
