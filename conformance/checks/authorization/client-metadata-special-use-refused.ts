import { createServer, isIP, type AddressInfo, type Server } from 'node:net';
import { networkInterfaces } from 'node:os';
import { type Check, fail, skip } from '../../check.js';
import { cite } from '../../http.js';
import { expectErrorPage } from './client-metadata-refusal.js';

/**
 * A plain TCP listener on every interface that counts the connections it gets and drops each at
 * once: a deployment that fetches from it fails its fetch, and is seen doing so.
 */
class ConnectionWitness {
  connections = 0;

  private constructor(private readonly server: Server) {
    server.on('connection', (socket) => {
      this.connections += 1;
      socket.destroy();
    });
  }

  static async start(): Promise<ConnectionWitness> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '0.0.0.0', resolve);
    });
    return new ConnectionWitness(server);
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Whether a host name is this machine by its face: loopback, `localhost`, or one of its interfaces' addresses. */
function isThisMachine(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.startsWith('127.') || host === '::1') return true;
  if (isIP(host) === 0) return false;
  return Object.values(networkInterfaces()).some((addresses) => addresses?.some(({ address }) => address === host));
}

export const clientMetadataSpecialUseRefused: Check = {
  id: 'client-metadata-special-use-refused',
  group: 'authorization',
  title: "A client_id URL on 'this network' 0.0.0.0 (in IPv4 and IPv4-mapped form) gets an error page, and nothing connects to it",
  spec: 'draft-ietf-oauth-client-id-metadata-document section 6.5 (Server-Side Request Forgery: MUST NOT fetch from special-use addresses, RFC 6890); RFC 6749 section 4.1.2.1',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const { exchange, json } = await ctx.document('authorization-server');
    if (json?.['client_id_metadata_document_supported'] !== true) {
      cite(exchange);
      skip('the deployment does not advertise client_id_metadata_document_supported: it takes no client metadata documents to fetch');
    }
    const witness = await ConnectionWitness.start();
    try {
      // On Linux a connection to 0.0.0.0 reaches this machine's listeners, the witness among them.
      const clientIds = [
        ['0.0.0.0', `https://0.0.0.0:${witness.port}/conformance-client.json`],
        ['::ffff:0.0.0.0', `https://[::ffff:0:0]:${witness.port}/conformance-client.json`],
      ] as const;
      const pages: string[] = [];
      for (const [address, clientId] of clientIds) {
        const { url } = await (await ctx.metadataClient(clientId)).beginAuthorization();
        pages.push(`HTTP ${await expectErrorPage(ctx, url, `the client_id ${clientId}, on the special-use address ${address}`)} for ${clientId}`);
        if (witness.connections > 0) {
          fail(`the client_id ${clientId} was refused only after the deployment connected to ${address} port ${witness.port} to fetch it: a special-use address (RFC 6890) must be refused before connecting`);
        }
      }
      const authorizationHost = new URL(String(json['authorization_endpoint'])).hostname;
      const seen = isThisMachine(authorizationHost)
        ? 'nothing connected to the listener on this machine, where the deployment runs'
        : `the authorization endpoint is on ${authorizationHost}, which the runner cannot tell is this machine: a fetch there would reach that host itself, unseen, so only the refusal is proven`;
      return `${pages.join('; ')}; ${seen}`;
    } finally {
      await witness.close();
    }
  },
};
