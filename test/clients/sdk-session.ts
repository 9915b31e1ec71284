import type { TestServer } from '../helpers/server.js';
import { outcomeOf, type ClientSession } from './client-row.js';
import { HeadlessOAuthProvider } from '../helpers/headless-oauth-provider.js';

/** The part of an SDK `Client` (1.x and 2.x alike) the matrix uses. */
interface SdkClient<Transport> {
  connect(transport: Transport): Promise<void>;
  listTools(): Promise<{ tools: Array<{ name: string }> }>;
  callTool(params: { name: string; arguments: Record<string, string> }): Promise<object>;
  close(): Promise<void>;
}

/** How one SDK line builds its client and transport and finishes the authorization. */
export interface SdkLine<Transport> {
  newClient(name: string): SdkClient<Transport>;
  newTransport(url: URL, provider: HeadlessOAuthProvider): Transport;
  finishAuth(transport: Transport, callback: URL): Promise<void>;
  isUnauthorized(error: unknown): boolean;
}

/**
 * Connects as an assistant built on the SDK does: the first connect meets the 401 and runs
 * discovery, registration and the authorization (the person approves headless), the code is
 * exchanged with PKCE, and a second connect carries the token.
 */
export async function connectSdkClient<Transport>(
  line: SdkLine<Transport>,
  server: TestServer,
  email: string,
  clientName: string,
): Promise<ClientSession> {
  const url = new URL(`${server.baseUrl}/`);
  const provider = new HeadlessOAuthProvider(server, { email, clientName });
  const first = line.newTransport(url, provider);
  const refused = await line.newClient(clientName).connect(first).then(
    () => new Error('connected without signing in'),
    (error: unknown) => error,
  );
  if (!line.isUnauthorized(refused) || !provider.callback) throw refused;
  await line.finishAuth(first, provider.callback);
  const client = line.newClient(clientName);
  await client.connect(line.newTransport(url, provider));
  return {
    toolNames: async () => (await client.listTools()).tools.map((tool) => tool.name),
    callTool: async (name, args) => outcomeOf(await client.callTool({ name, arguments: args })),
    close: () => client.close(),
  };
}
