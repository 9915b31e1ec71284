import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivateKeyJwtClient } from '../../conformance/options.js';
import { runConformance } from '../../conformance/run.js';
import { CASES } from '../../conformance/tables/index.js';
import { demoSignIn, startOurServer, type OurServer } from './our-server.js';
import { ClientMetadataHost, makeTestCertificates } from '../helpers/client-metadata-host.js';

const jwtChecks = [
  'token-endpoint-auth-methods',
  'private-key-jwt-signing-algs',
  'private-key-jwt-accepted',
  'private-key-jwt-assertion-required',
  'private-key-jwt-wrong-audience-refused',
  'private-key-jwt-expired-refused',
  'private-key-jwt-wrong-key-refused',
  'private-key-jwt-jti-replay-refused',
  'private-key-jwt-public-client-assertion-refused',
  'private-key-jwt-audience-array-refused',
  'private-key-jwt-audience-injection-refused',
  'private-key-jwt-iat-future-refused',
  'private-key-jwt-iat-too-old-refused',
  'private-key-jwt-jti-malformed-refused',
];
/** The table cases of the private_key_jwt client (three of them kept the ids of the checks they replaced). */
const jwtCases = CASES.filter((generated) => generated.variant.client === 'cimd-jwt').map((generated) => generated.id);

let documents: ClientMetadataHost;
let on: OurServer;
let off: OurServer;
let privateKeyJwtClient: PrivateKeyJwtClient;

beforeAll(async () => {
  // Both servers trust the one test CA, so that both fetch the private_key_jwt documents.
  const certificates = makeTestCertificates();
  [on, off] = await Promise.all([startOurServer({ clientAuthPrivateKeyJwt: true }, certificates), startOurServer({}, certificates)]);
  documents = await ClientMetadataHost.start(certificates);
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const keySet = { keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' }] };
  documents.document('/chatgpt-like.jwks', keySet);
  // The same client twice, as --client-metadata-jwt-url takes it: keys at a jwks_uri, and inline.
  const document = (path: string, keys: object) =>
    documents.document(path, { client_name: 'survey-mcp conformance (private_key_jwt)', redirect_uris: ['http://127.0.0.1:33418/callback'], token_endpoint_auth_method: 'private_key_jwt', ...keys });
  privateKeyJwtClient = {
    documentUrls: [document('/chatgpt-like.json', { jwks_uri: documents.url('/chatgpt-like.jwks') }), document('/chatgpt-like-inline.json', { jwks: keySet })],
    privateJwk: { ...(await exportJWK(privateKey)), kid: 'k1', alg: 'ES256' },
  };
});
afterAll(async () => {
  await Promise.all([on?.close(), off?.close(), documents?.close()]);
});

const run = (ours: OurServer) =>
  runConformance({ url: ours.server.baseUrl, signIn: demoSignIn, ...ours.documents, privateKeyJwtClient, only: [...jwtChecks, ...jwtCases] });

describe('the private_key_jwt checks against survey-mcp serve, in both configurations', () => {
  it('pass every assertion rule, and every table case of the private_key_jwt client, with --client-auth-private-key-jwt', async () => {
    const report = await run(on);
    const ids = [...new Set([...jwtChecks, ...jwtCases])].sort();
    expect(report.results.map((result) => [result.id, result.status, result.message]).sort()).toEqual(ids.map((id) => [id, 'pass', expect.any(String)]));
  }, 60_000);

  it('skip, saying none alone conforms, without the flag (the contract), but for the refusal of the private_key_jwt client', async () => {
    const report = await run(off);
    const statuses = Object.fromEntries(report.results.map((result) => [result.id, result.status]));
    expect(statuses).toMatchObject({ 'token-endpoint-auth-methods': 'pass', 'private-key-jwt-signing-algs': 'pass', 'private-key-jwt-accepted': 'skip' });
    // CIMD 6.2: the document's client is refused, not served as public.
    expect(report.results.find((result) => result.id === 'private-key-jwt-assertion-required')).toMatchObject({ status: 'pass', message: expect.stringMatching(/refused before any code was issued/) });
    expect(report.results.find((result) => result.id === 'private-key-jwt-accepted')?.message).toMatch(/none alone is a conforming choice/);
  }, 60_000);
});
