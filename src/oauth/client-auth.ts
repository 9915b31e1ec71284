import type { Request } from 'express';
import type { OAuthClient } from '../store/auth-store.js';
import { checkClientIdUrl, isMetadataDocumentUrl } from './client-metadata/client-id-url.js';
import { ClientMetadataError } from './client-metadata/errors.js';
import { callerOf, lookUpClient } from './clients.js';
import type { OAuthContext } from './context.js';
import { OAuthError, invalidRequest } from './errors.js';

/**
 * The public client making a token or revocation request: `client_id` in the body, or the user
 * part of HTTP Basic for clients that send it that way. There is no secret to check.
 */
export async function requestingClient(context: OAuthContext, req: Request, body: Record<string, unknown>): Promise<OAuthClient> {
  return knownClient(context, requestingClientId(req, body), callerOf(req));
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
  if (found.kind === 'unknown') throw new OAuthError('invalid_client', `no client is registered with client_id '${clientId}'`);
  return found.client;
}

function requestingClientId(req: Request, body: Record<string, unknown>): string {
  const clientId = body.client_id ?? basicUser(req.headers.authorization);
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
