import { Client, StreamableHTTPClientTransport, UnauthorizedError, type VersionNegotiationMode } from '@modelcontextprotocol/client';
import type { ClientRow } from '../client-row.js';
import { connectSdkClient } from '../sdk-session.js';

/**
 * `@modelcontextprotocol/client` 2.x in one version-negotiation mode: `legacy` (the default,
 * `initialize`: 2025-11-25), `auto` (probes with `server/discover` first, so 2026-07-28 here) or
 * pinned to a revision. It checks the callback's `iss` itself (RFC 9207).
 */
export function sdk2Client(mode: VersionNegotiationMode): ClientRow {
  const shown = typeof mode === 'string' ? `'${mode}'` : `pinned to ${mode.pin}`;
  return {
    name: `SDK 2.x client (@modelcontextprotocol/client 2.4, negotiation ${shown}), full OAuth flow`,
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
        `Matrix: SDK 2.x client (${typeof mode === 'string' ? mode : mode.pin})`,
      ),
  };
}
