import type { Request } from 'express';
import type { OAuthClient } from '../store/auth-store.js';
import { isMetadataDocumentUrl } from './client-metadata/client-id-url.js';
import { ClientMetadataError } from './client-metadata/errors.js';
import { defaultFailureMs } from './client-metadata/resolver.js';
import type { OAuthContext } from './context.js';
import { explain, ours, type Explanation } from './explanation.js';

export type ClientLookup =
  | { readonly kind: 'found'; readonly client: OAuthClient }
  | { readonly kind: 'unknown' }
  /** An https client_id whose document was not acceptable: `reason` says why. */
  | { readonly kind: 'refused'; readonly reason: Explanation }
  /**
   * An https client_id whose document could not be fetched just now (timeout, a challenge's 403,
   * 5xx, our fetch budget) and of which we hold no good copy: not an invalid client, so the
   * answer says to retry.
   */
  | { readonly kind: 'unavailable'; readonly reason: Explanation };

/** A failed fetch is remembered this long (the resolver's failure memory): asking sooner gets the same answer. */
export const retryFetchAfterSeconds = defaultFailureMs / 1000;

/**
 * Host trouble, and also a host at an address we refuse: all of them get the one answer of an
 * unreachable host, or a stranger could map internal names by the difference.
 */
const couldNotFetch = (error: ClientMetadataError): boolean => error.transient || error.problem === 'address_refused';

/**
 * The client behind a `client_id`, in one shape for both registration styles: registered here
 * (`cli_…`, RFC 7591) or described by the document at its https URL (client ID metadata document).
 * `caller` is the address of whoever named it: a first fetch of a document is charged to it.
 */
export async function lookUpClient(context: OAuthContext, clientId: string, caller?: string): Promise<ClientLookup> {
  if (!isMetadataDocumentUrl(clientId)) {
    const client = await context.store.findClient(clientId);
    return client ? { kind: 'found', client } : { kind: 'unknown' };
  }
  let client: OAuthClient;
  try {
    client = await context.clientMetadata.resolve(clientId, caller);
  } catch (error) {
    if (error instanceof ClientMetadataError) return { kind: couldNotFetch(error) ? 'unavailable' : 'refused', reason: error.explanation };
    throw error;
  }
  if (client.keys && !context.privateKeyJwt) {
    if (client.publicToo) {
      const { keys: _unused, publicToo: _also, ...asPublic } = client;
      return { kind: 'found', client: asPublic };
    }
    return {
      kind: 'refused',
      reason: explain`the client metadata document at ${clientId} says 'token_endpoint_auth_method' is 'private_key_jwt', which this server does not accept: its operator can turn it on with ${ours('serve --client-auth-private-key-jwt')}`,
    };
  }
  return { kind: 'found', client };
}

/** The address a request came from, as Express reads it (through trusted proxies when configured). */
export const callerOf = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';
