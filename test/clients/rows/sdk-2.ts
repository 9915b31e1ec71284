import { Client, StreamableHTTPClientTransport, UnauthorizedError, type VersionNegotiationMode } from '@modelcontextprotocol/client';
import type { ClientRow } from '../client-row.js';
import { connectSdkClient } from '../sdk-session.js';

/**
 * `@modelcontextprotocol/client` 2.x in one version-negotiation mode: `legacy` (the default,
 * `initialize`) or `auto` (probes with `server/discover` first). It checks the callback's `iss`
 * itself (RFC 9207).
 */
export function sdk2Client(mode: Extract<VersionNegotiationMode, string>): ClientRow {
  return {
    name: `SDK 2.x client (@modelcontextprotocol/client 2.4, negotiation '${mode}'), full OAuth flow`,
    streamGetStatus: 404,
    connect: (server, email) =>
      connectSdkClient<StreamableHTTPClientTransport>(
        {
          newClient: (name) => new Client({ name, version: '1.0.0' }, { versionNegotiation: { mode } }),
          newTransport: (url, authProvider) => new StreamableHTTPClientTransport(url, { authProvider }),
          finishAuth: (transport, callback) => transport.finishAuth(callback.searchParams),
          isUnauthorized: (error) => error instanceof UnauthorizedError,
        },
        server,
        email,
        `Matrix: SDK 2.x client (${mode})`,
      ),
  };
}
