import { randomUUID } from 'node:crypto';
import { JWT_BEARER, privateKeyJwtRun, signAssertion, type AssertionShape } from '../checks/authorization/private-key-jwt.js';
import type { OAuthClient } from '../client.js';
import type { CheckContext } from '../context.js';
import type { ClientKindName } from './axes.js';

/** What a case may change in a client assertion: a claim, the signing key, or no signature at all. */
export interface AssertionOverrides extends AssertionShape {
  /** `alg: none`, no signature: RFC 7523 section 3 (9) requires a signature or MAC. */
  readonly unsigned?: boolean;
}

export type FormPairs = ReadonlyArray<readonly [string, string]>;

/**
 * How one client kind takes part in a flow (the role of OIDF's `@VariantSetup`): who it is, and
 * how it authenticates a token or revocation request. A flow is written once against this.
 */
export interface ClientKind {
  readonly name: ClientKindName;
  /** The client: the run's registration, or the one named by its metadata document. */
  client(ctx: CheckContext): Promise<OAuthClient>;
  /** The client's part of a token or revocation request: `client_id`, and for cimd-jwt a fresh assertion. */
  authentication(ctx: CheckContext, client: OAuthClient, overrides?: AssertionOverrides): Promise<FormPairs>;
  /** Only cimd-jwt authenticates with an assertion: the others have none to spoil. */
  readonly assertions: boolean;
}

const publicAuthentication = async (_ctx: CheckContext, client: OAuthClient): Promise<FormPairs> => [['client_id', client.clientId]];

export const CLIENT_KINDS: Readonly<Record<ClientKindName, ClientKind>> = {
  'dcr-public': { name: 'dcr-public', client: (ctx) => ctx.client(), authentication: publicAuthentication, assertions: false },
  'cimd-public': {
    name: 'cimd-public',
    client: (ctx) => ctx.metadataClient(ctx.settings.clientMetadataUrl ?? ''),
    authentication: publicAuthentication,
    assertions: false,
  },
  'cimd-jwt': {
    name: 'cimd-jwt',
    async client(ctx) {
      return ctx.metadataClient((await privateKeyJwtRun(ctx)).documentUrl);
    },
    async authentication(ctx, client, overrides = {}) {
      return [
        ['client_id', client.clientId],
        ['client_assertion_type', JWT_BEARER],
        ['client_assertion', await mintAssertion(ctx, overrides)],
      ];
    },
    assertions: true,
  },
};

/** A fresh assertion of the run's private_key_jwt client (new jti), valid but for `overrides`. */
export async function mintAssertion(ctx: CheckContext, overrides: AssertionOverrides = {}): Promise<string> {
  const run = await privateKeyJwtRun(ctx);
  if (!overrides.unsigned) return signAssertion(run, overrides);
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = { iss: run.documentUrl, sub: run.documentUrl, aud: run.issuer, iat: now, exp: now + 60, jti: overrides.jti ?? randomUUID() };
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}
