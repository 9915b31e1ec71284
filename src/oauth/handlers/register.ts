import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { newId } from '../../platform/ids.js';
import type { OAuthClient } from '../../store/auth-store.js';
import { clientNameSchema, redirectUrisSchema } from '../client-fields.js';
import type { OAuthContext } from '../context.js';
import { invalidClientMetadata, OAuthError } from '../errors.js';
import { isJsonMediaType } from '../json-media-type.js';
import { redirectUriProblem } from '../redirect-uri.js';
import { mcpScope } from '../tokens.js';

const grantTypes = ['authorization_code', 'refresh_token'] as const;

const registrationSchema = z.object({
  client_name: clientNameSchema,
  redirect_uris: redirectUrisSchema,
  grant_types: z
    .array(z.enum(grantTypes, { error: 'must be authorization_code or refresh_token' }), {
      error: 'must be an array of strings',
    })
    .refine((types) => types.includes('authorization_code'), { error: "must include 'authorization_code'" })
    .optional(),
  response_types: z
    .array(z.literal('code', { error: "must be 'code'" }), { error: "must be an array such as ['code']" })
    .min(1, { error: "must be ['code']" })
    .optional(),
  token_endpoint_auth_method: z
    .literal('none', { error: "must be 'none': clients are public and never receive a secret" })
    .optional(),
  scope: z
    .string({ error: `must be a string: '${mcpScope}'` })
    // As at the authorization endpoint: other scopes beside ours are ignored, ours is granted.
    .refine((scope) => scope.trim() === '' || scope.split(' ').includes(mcpScope), {
      error: `must include '${mcpScope}', the only scope this server grants`,
    })
    .optional(),
});

type Registration = z.infer<typeof registrationSchema>;

/** `redirect_uris[1]` style field names for error descriptions. */
const fieldName = (path: readonly PropertyKey[]): string =>
  path.map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? String(part) : `.${String(part)}`)).join('');

function parseRegistration(body: unknown): Registration {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalidClientMetadata('the body must be a JSON object of client metadata (RFC 7591)');
  }
  const parsed = registrationSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidClientMetadata(`'${fieldName(issue.path)}' ${issue.message}`);
  }
  parsed.data.redirect_uris.forEach((uri, index) => {
    const problem = redirectUriProblem(uri);
    if (problem) {
      throw new OAuthError('invalid_redirect_uri', `'redirect_uris[${index}]' '${uri}' is refused: it ${problem}`);
    }
  });
  return parsed.data;
}

/** The response body; identical for every re-registration of the same client. */
export const clientInformation = (client: OAuthClient) => ({
  client_id: client.id,
  client_id_issued_at: Math.floor(client.createdAt / 1000),
  client_name: client.name,
  redirect_uris: client.redirectUris,
  grant_types: client.grantTypes,
  response_types: client.responseTypes,
  token_endpoint_auth_method: 'none',
  scope: client.scope,
});

/**
 * Dynamic client registration (RFC 7591), public clients only. Idempotent on (client_name,
 * redirect_uris, scope): some clients register on every connect, so registrations never expire.
 */
export function registerHandler(context: OAuthContext): RequestHandler {
  return async function register(req, res) {
    // A form or text/plain body needs no CORS preflight, so any web page could register through
    // a visitor's browser; a JSON content type cannot be sent that way without the server's consent.
    const sent = req.get('content-type');
    if (!isJsonMediaType(sent)) {
      throw invalidClientMetadata(
        `the body must be sent with 'Content-Type: application/json' (RFC 7591 §3.1), got ${sent ? `'${sent}'` : 'none'}`,
      );
    }
    const registration = parseRegistration(req.body);
    const registrationKey = createHash('sha256')
      .update(JSON.stringify([registration.client_name, registration.redirect_uris, mcpScope]))
      .digest('hex');
    const client = await context.store.registerClient({
      id: newId('cli'),
      registrationKey,
      name: registration.client_name,
      redirectUris: registration.redirect_uris,
      grantTypes: registration.grant_types ?? [...grantTypes],
      responseTypes: registration.response_types ?? ['code'],
      scope: mcpScope,
      createdAt: context.clock.now(),
    });
    res.status(201).set('Cache-Control', 'no-store').json(clientInformation(client));
  };
}
