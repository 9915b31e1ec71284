import { once } from 'node:events';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';

export interface DocumentsHost {
  /** The document the runner authorizes with, and one whose client_id differs from its URL. */
  readonly clientMetadataUrl: string;
  readonly badClientMetadataUrl: string;
  /** One private_key_jwt client's two documents: its key at a jwks_uri, then inline in jwks. */
  readonly jwtClientMetadataUrls: readonly [string, string];
  /** The private JWK (with kid and alg) both documents publish, for --client-metadata-jwt-key. */
  readonly jwtPrivateJwk: Record<string, unknown>;
  /** The identity provider the host also plays: its issuer (serve --sso-issuer, the runner's --id-jag-issuer). */
  readonly idpIssuer: string;
  /** The provider's private signing JWK (with kid and alg), for --id-jag-key. */
  readonly idpPrivateJwk: Record<string, unknown>;
  close(): Promise<void>;
}

/** A fresh ES256 key pair for the run's private_key_jwt client: its public key set and private JWK. */
async function jwtKeys(kid: string): Promise<{ keySet: { keys: object[] }; privateJwk: Record<string, unknown> }> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const named = { kid, alg: 'ES256' };
  return { keySet: { keys: [{ ...(await exportJWK(publicKey)), ...named, use: 'sig' }] }, privateJwk: { ...(await exportJWK(privateKey)), ...named } };
}

/**
 * The client metadata documents QA would host for a run, on loopback https with the run's own
 * certificate (the server trusts its CA through NODE_EXTRA_CA_CERTS): a public client's, one
 * whose client_id is wrong, and a private_key_jwt client's in both forms of publishing its key.
 * The host is also the company's identity provider, as far as the server's single sign-on reads
 * it at start-up (OpenID metadata and a key set): the runner signs the ID-JAGs with its key.
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
  // A valid client_id may hold 'https://' and an '@' in its path: not a user name, which only the authority can carry.
  const publicPath = '/cimd/https://at@sign/conformance.json';
  documents.set(publicPath, { ...metadata, client_id: `${origin}${publicPath}` });
  documents.set('/mismatched.json', { ...metadata, client_id: `${origin}/other.json` });
  const { keySet, privateJwk } = await jwtKeys('runner-power');
  documents.set('/private-key-jwt.jwks', keySet);
  const jwtDocument = (path: string, keys: object): string => {
    documents.set(path, { ...metadata, client_id: `${origin}${path}`, token_endpoint_auth_method: 'private_key_jwt', ...keys });
    return `${origin}${path}`;
  };
  const idp = await jwtKeys('runner-power-idp');
  documents.set('/idp.jwks', idp.keySet);
  documents.set('/.well-known/openid-configuration', {
    issuer: origin,
    authorization_endpoint: `${origin}/authorize`,
    token_endpoint: `${origin}/token`,
    jwks_uri: `${origin}/idp.jwks`,
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['ES256'],
  });
  return {
    clientMetadataUrl: `${origin}${publicPath}`,
    badClientMetadataUrl: `${origin}/mismatched.json`,
    jwtClientMetadataUrls: [jwtDocument('/private-key-jwt.json', { jwks_uri: `${origin}/private-key-jwt.jwks` }), jwtDocument('/private-key-jwt-inline.json', { jwks: keySet })],
    jwtPrivateJwk: privateJwk,
    idpIssuer: origin,
    idpPrivateJwk: idp.privateJwk,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
