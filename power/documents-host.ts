import { once } from 'node:events';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';

export interface DocumentsHost {
  /** The document the runner authorizes with, and one whose client_id differs from its URL. */
  readonly clientMetadataUrl: string;
  readonly badClientMetadataUrl: string;
  close(): Promise<void>;
}

/**
 * The two client metadata documents QA would host for a run, on loopback https with the
 * run's own certificate (the server trusts its CA through NODE_EXTRA_CA_CERTS).
 */
export async function hostDocuments(tls: { key: string; cert: string }, redirectUri: string): Promise<DocumentsHost> {
  const documents = new Map<string, object>();
  const server = createServer(tls, (req, res) => {
    const document = documents.get(req.url ?? '/');
    res.writeHead(document ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(document ?? { error: 'not found' }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const metadata = { client_name: 'survey-mcp conformance', redirect_uris: [redirectUri] };
  documents.set('/conformance.json', { ...metadata, client_id: `${origin}/conformance.json` });
  documents.set('/mismatched.json', { ...metadata, client_id: `${origin}/other.json` });
  return {
    clientMetadataUrl: `${origin}/conformance.json`,
    badClientMetadataUrl: `${origin}/mismatched.json`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
