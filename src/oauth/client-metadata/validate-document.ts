import { z } from 'zod';
import type { ClientKeys, OAuthClient } from '../../store/auth-store.js';
import { redirectUriProblem } from '../redirect-uri.js';
import { mcpScope } from '../tokens.js';
import { documentClientNameSchema, redirectUrisSchema } from '../client-fields.js';
import { explain, ours, type Explanation } from '../explanation.js';
import { ClientMetadataError } from './errors.js';

const ourGrantTypes = ['authorization_code', 'refresh_token'];

const documentSchema = z.looseObject({
  client_id: z.string({ error: 'must be a string: the URL of this document' }),
  client_name: documentClientNameSchema,
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
    .enum(['none', 'private_key_jwt'], { error: "must be 'none', 'private_key_jwt' or absent: no other method can work without a secret" })
    .optional(),
});

/** Read only from a private_key_jwt document: a public client's key fields are none of our business. */
const keysSchema = z.looseObject({
  token_endpoint_auth_methods_supported: z.array(z.string()).optional().catch(undefined),
  jwks_uri: z.url({ protocol: /^https$/, error: 'must be an https URL' }).optional(),
  jwks: z
    .object({ keys: z.array(z.looseObject({}), { error: 'must be an array of JSON Web Keys' }) }, { error: "must be a JSON Web Key Set: an object with 'keys'" })
    .optional(),
});

const fieldName = (path: readonly PropertyKey[]): string =>
  path.map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? String(part) : `.${String(part)}`)).join('');

/**
 * Turns a fetched document into the same client shape a registration yields
 * (draft-ietf-oauth-client-id-metadata-document §4.1, MCP 2026-07-28 client registration).
 * A document is published once for every server, so only what is unsafe or wrong is refused:
 * a `client_id` other than the URL, redirect URIs the registration rules refuse, a secret, an
 * authentication method other than `none` or `private_key_jwt` (whose keys it must name), a name
 * that hides or imitates. Everything we do not
 * use (`logo_uri`, `tos_uri`, `policy_uri`, `client_uri`, `contacts`, `scope`, `software_*`,
 * grant types we do not offer) is ignored, and a name too long to show is shortened.
 */
export function clientFromDocument(url: string, document: unknown, nowMs: number): OAuthClient {
  const refuse = (why: string | Explanation) =>
    new ClientMetadataError('invalid_document', explain`the client metadata document at ${url} ${typeof why === 'string' ? ours(why) : why}`);
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
    throw refuse(explain`says its 'client_id' is ${metadata.client_id}: it must equal the document's URL byte for byte`);
  }
  metadata.redirect_uris.forEach((uri, index) => {
    const problem = redirectUriProblem(uri);
    if (problem) throw refuse(explain`has 'redirect_uris[${index}]' ${uri} that is refused: it ${ours(problem)}`);
  });
  const keys = metadata.token_endpoint_auth_method === 'private_key_jwt' ? keysOf(document, refuse) : undefined;
  return {
    id: url,
    name: metadata.client_name,
    redirectUris: metadata.redirect_uris,
    grantTypes: ourGrantTypes.filter((type) => (metadata.grant_types ?? ourGrantTypes).includes(type)),
    responseTypes: ['code'],
    scope: mcpScope,
    createdAt: nowMs,
    ...(keys && { keys }),
    ...(keys && publicToo(document) && { publicToo: true }),
  };
}

/** OpenID Connect RP Metadata Choices: the document's other methods, of which `none` is the one we read. */
const publicToo = (document: object): boolean => keysSchema.parse(document).token_endpoint_auth_methods_supported?.includes('none') === true;

/** RFC 7591 §2: a private_key_jwt client names its keys in `jwks_uri` or `jwks`, never both. */
function keysOf(document: object, refuse: (why: string) => ClientMetadataError): ClientKeys {
  const parsed = keysSchema.safeParse(document);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw refuse(`has '${fieldName(issue.path)}' that ${issue.message}`);
  }
  const metadata = parsed.data;
  if (metadata.jwks_uri !== undefined && metadata.jwks !== undefined) {
    throw refuse("has both 'jwks_uri' and 'jwks': RFC 7591 §2 allows one of them, so keep the one you maintain");
  }
  if (metadata.jwks_uri !== undefined) return { jwksUri: metadata.jwks_uri };
  if (metadata.jwks !== undefined) return { jwks: metadata.jwks };
  throw refuse("says 'token_endpoint_auth_method' is 'private_key_jwt' but names no keys: add 'jwks_uri' (or 'jwks')");
}
