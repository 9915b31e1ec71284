import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import type { ClientRow } from '../client-row.js';
import { connectSdkClient } from '../sdk-session.js';

/**
 * `@modelcontextprotocol/client` 2.x in its default negotiation mode (`legacy`: `initialize`);
 * it checks the callback's `iss` itself (RFC 9207).
 */
export const sdk2Client: ClientRow = {
  name: 'SDK 2.x client (@modelcontextprotocol/client 2.4), full OAuth flow',
  streamGetStatus: 404,
  connect: (server, email) =>
    connectSdkClient<StreamableHTTPClientTransport>(
      {
        newClient: (name) => new Client({ name, version: '1.0.0' }),
        newTransport: (url, authProvider) => new StreamableHTTPClientTransport(url, { authProvider }),
        finishAuth: (transport, callback) => transport.finishAuth(callback.searchParams),
        isUnauthorized: (error) => error instanceof UnauthorizedError,
      },
      server,
      email,
      'Matrix: SDK 2.x client',
    ),
};
