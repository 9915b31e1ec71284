import type { Request } from 'express';
import type { OAuthClient } from '../store/auth-store.js';
import { isMetadataDocumentUrl } from './client-metadata/client-id-url.js';
import { ClientMetadataError } from './client-metadata/errors.js';
import type { OAuthContext } from './context.js';
import type { Explanation } from './explanation.js';

export type ClientLookup =
  | { readonly kind: 'found'; readonly client: OAuthClient }
  | { readonly kind: 'unknown' }
  /** An https client_id whose document could not be fetched or was not acceptable: `reason` says why. */
  | { readonly kind: 'refused'; readonly reason: Explanation };

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
  try {
    return { kind: 'found', client: await context.clientMetadata.resolve(clientId, caller) };
  } catch (error) {
    if (error instanceof ClientMetadataError) return { kind: 'refused', reason: error.explanation };
    throw error;
  }
}

/** The address a request came from, as Express reads it (through trusted proxies when configured). */
export const callerOf = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';
