import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ClientRow } from '../client-row.js';
import { connectSdkClient } from '../sdk-session.js';

/** `@modelcontextprotocol/sdk` 1.x, the line most clients ship today. */
export const sdk1Client: ClientRow = {
  name: 'SDK 1.x client (@modelcontextprotocol/sdk 1.32), full OAuth flow',
  streamGetStatus: 404,
  connect: (server, email) =>
    connectSdkClient<StreamableHTTPClientTransport>(
      {
        newClient: (name) => new Client({ name, version: '1.0.0' }),
        newTransport: (url, authProvider) => new StreamableHTTPClientTransport(url, { authProvider }),
        finishAuth: (transport, callback) => transport.finishAuth(callback.searchParams.get('code')!),
        isUnauthorized: (error) => error instanceof UnauthorizedError,
      },
      server,
      email,
      'Matrix: SDK 1.x client',
    ),
};
