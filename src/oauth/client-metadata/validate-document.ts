import { z } from 'zod';
import type { OAuthClient } from '../../store/auth-store.js';
import { redirectUriProblem } from '../redirect-uri.js';
import { mcpScope } from '../tokens.js';
import { clientNameSchema, redirectUrisSchema } from '../client-fields.js';
import { ClientMetadataError } from './errors.js';

const ourGrantTypes = ['authorization_code', 'refresh_token'];

const documentSchema = z.looseObject({
  client_id: z.string({ error: 'must be a string: the URL of this document' }),
  client_name: clientNameSchema,
  redirect_uris: redirectUrisSchema,
  grant_types: z
    .array(z.string({ error: 'must be a string' }), { error: 'must be an array of strings' })
    .refine((types) => types.includes('authorization_code'), { error: "must include 'authorization_code'" })
    .optional(),
  response_types: z
    .array(z.string({ error: 'must be a string' }), { error: "must be an array such as ['code']" })
    .refine((types) => types.includes('code'), { error: "must include 'code'" })
    .optional(),
  token_endpoint_auth_method: z
    .literal('none', { error: "must be 'none' or absent: this server accepts public clients only" })
    .optional(),
});

const fieldName = (path: readonly PropertyKey[]): string =>
  path.map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? String(part) : `.${String(part)}`)).join('');

/**
 * Turns a fetched document into the same client shape a registration yields
 * (draft-ietf-oauth-client-id-metadata-document §4.1, MCP 2026-07-28 client registration):
 * `client_id` equal to the URL byte for byte, the registration rules for redirect URIs, and a
 * public client (no secret, `token_endpoint_auth_method` `none` or absent). Grant and response
 * types we do not offer are ignored, as at registration; the scope is always ours.
 */
export function clientFromDocument(url: string, document: unknown, nowMs: number): OAuthClient {
  const refuse = (why: string) => new ClientMetadataError('invalid_document', `the client metadata document at '${url}' ${why}`);
  if (typeof document !== 'object' || document === null || Array.isArray(document)) throw refuse('is not a JSON object');
  if ('client_secret' in document || 'client_secret_expires_at' in document) {
    throw refuse("carries 'client_secret': a published document cannot keep a secret, so it must not name one");
  }
  const parsed = documentSchema.safeParse(document);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw refuse(`has '${fieldName(issue.path)}' that ${issue.message}`);
  }
  const metadata = parsed.data;
  if (metadata.client_id !== url) {
    throw refuse(`says its 'client_id' is '${metadata.client_id}': it must equal the document's URL byte for byte`);
  }
  metadata.redirect_uris.forEach((uri, index) => {
    const problem = redirectUriProblem(uri);
    if (problem) throw refuse(`has 'redirect_uris[${index}]' '${uri}' that is refused: it ${problem}`);
  });
  return {
    id: url,
    name: metadata.client_name,
    redirectUris: metadata.redirect_uris,
    grantTypes: ourGrantTypes.filter((type) => (metadata.grant_types ?? ourGrantTypes).includes(type)),
    responseTypes: ['code'],
    scope: mcpScope,
    createdAt: nowMs,
  };
}
