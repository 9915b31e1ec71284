import type { Request } from 'express';
import type { OAuthClient } from '../store/auth-store.js';
import { checkClientIdUrl, isMetadataDocumentUrl } from './client-metadata/client-id-url.js';
import { ClientMetadataError } from './client-metadata/errors.js';
import { assertedClientId, verifyClientAssertion } from './client-assertion.js';
import { callerOf, lookUpClient, retryFetchAfterSeconds } from './clients.js';
import type { OAuthContext } from './context.js';
import { OAuthError, invalidRequest } from './errors.js';

/**
 * The client making a token request: `client_id` in the body, the user part of HTTP Basic for
 * clients that send it that way, or the subject of a client assertion. A public client has no
 * secret to check; a private_key_jwt client proves itself with its assertion (RFC 7523).
 */
export async function requestingClient(context: OAuthContext, req: Request, body: Record<string, string | undefined>): Promise<OAuthClient> {
  const client = await knownClient(context, requestingClientId(req, body), callerOf(req));
  const { keys } = client;
  if (keys && context.privateKeyJwt) await verifyClientAssertion(context, context.privateKeyJwt, { ...client, keys }, body);
  else if (body.client_assertion !== undefined || body.client_assertion_type !== undefined) {
    throw new OAuthError('invalid_client', "this client is public (token_endpoint_auth_method 'none'): send no 'client_assertion'", { status: 401 });
  }
  return client;
}

/**
 * The client asking to revoke a token. A client known by its metadata document is taken at its
 * word without fetching the document: it is public, so the document proves nothing a revocation
 * needs, and an app must be able to revoke its tokens while its own host is down. A registered
 * client must still exist here.
 */
export async function revokingClientId(context: OAuthContext, req: Request, body: Record<string, unknown>): Promise<string> {
  const clientId = requestingClientId(req, body);
  if (!isMetadataDocumentUrl(clientId)) return (await knownClient(context, clientId)).id;
  try {
    checkClientIdUrl(clientId);
  } catch (error) {
    if (error instanceof ClientMetadataError) throw new OAuthError('invalid_client', error.message);
    throw error;
  }
  return clientId;
}

async function knownClient(context: OAuthContext, clientId: string, caller?: string): Promise<OAuthClient> {
  const found = await lookUpClient(context, clientId, caller);
  if (found.kind === 'refused') throw new OAuthError('invalid_client', found.reason.toString());
  if (found.kind === 'unavailable') {
    throw new OAuthError('temporarily_unavailable', `${found.reason.toString()}; this is not a verdict on the client: try again shortly`, {
      retryAfterSeconds: retryFetchAfterSeconds,
    });
  }
  if (found.kind === 'unknown') throw new OAuthError('invalid_client', `no client is registered with client_id '${clientId}'`);
  return found.client;
}

function requestingClientId(req: Request, body: Record<string, unknown>): string {
  const assertion = body.client_assertion;
  const clientId = body.client_id ?? basicUser(req.headers.authorization) ?? (typeof assertion === 'string' ? assertedClientId(assertion) : undefined);
  if (typeof clientId !== 'string' || clientId === '') throw invalidRequest("'client_id' is required");
  return clientId;
}

function basicUser(header: string | undefined): string | undefined {
  if (!header?.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8');
  try {
    return decodeURIComponent(decoded.split(':')[0] ?? '');
  } catch {
    throw invalidRequest('the Authorization: Basic user part is not valid percent-encoding (RFC 6749 §2.3.1)');
  }
}

/** Form parameters as strings; a repeated parameter is refused and an empty one left out, as if omitted (RFC 6749 §3.2). */
export function formParams(body: unknown): Record<string, string | undefined> {
  const params: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (typeof value !== 'string') throw invalidRequest(`'${name}' must be given once, as a string`);
    if (value !== '') params[name] = value;
  }
  return params;
}
