import { isMetadataDocumentUrl } from '../client-metadata/client-id-url.js';
import { anonymous } from '../../platform/context.js';
import { newId } from '../../platform/ids.js';
import { recordAudit } from '../../platform/audit.js';
import { accountForIdentity, type SsoRefusal } from '../../platform/sso-accounts.js';
import type { OAuthClient } from '../../store/auth-store.js';
import { namesThisResource, type OAuthContext, type SingleSignOn } from '../context.js';
import { invalidGrant, invalidRequest, OAuthError } from '../errors.js';
import { mcpScope, mintToken } from '../tokens.js';
import type { IdJagKeys } from './keys.js';
import { idJagSkewSeconds, verifyIdJag } from './verify.js';

/** RFC 7523 §2.1: the grant type an ID-JAG is redeemed with. */
export const jwtBearerGrantType = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** The profile the metadata's `authorization_grant_profiles_supported` names. */
export const idJagProfile = 'urn:ietf:params:oauth:grant-profile:id-jag';

/** Why the person the grant names gets no token, as the client (and the company's administrator) reads it. */
const personRefusals: Record<SsoRefusal, (email: string) => string> = {
  no_email: () => "it has no 'email' claim, so no account can be chosen: configure the identity provider to include 'email' and 'email_verified'",
  email_not_exact: (email) => `its 'email' '${email}' has spaces around it or characters Unicode normalisation changes; emails must match an account exactly`,
  email_unverified: (email) => `the identity provider has not verified '${email}' ('email_verified' is not true)`,
  no_account: (email) => `there is no account with the email '${email}' (accounts are created from grants only with --sso-create-accounts)`,
  account_disabled: (email) => `the account '${email}' is disabled`,
  subject_mismatch: (email) => `the account '${email}' is linked to another identity at the identity provider (a different 'sub'); an operator can relink it with survey-mcp users sso-unlink`,
  not_allowed_to_join: (email) => `there is no account with the email '${email}', and new accounts are created only for the organisations --sso-allowed-domains names`,
  account_refused: (email) => `an account cannot be created for '${email}'`,
};

/** Single sign-on with `--sso-id-jag`: what redeeming an ID-JAG needs; undefined when off. */
export type IdJagGrants = SingleSignOn & { readonly idJag: IdJagKeys };
export const idJagGrants = (context: OAuthContext): IdJagGrants | undefined => {
  const sso = context.sso;
  return sso?.idJag ? { ...sso, idJag: sso.idJag } : undefined;
};

/** An access token issued for an ID-JAG, and the scope it carries. */
export interface IdJagIssue {
  readonly accessToken: string;
  readonly scope: string;
}

/**
 * The jwt-bearer grant with an ID-JAG (draft-ietf-oauth-identity-assertion-authz-grant §4.4,
 * MCP enterprise-managed authorization): the company's identity provider decided this client may
 * reach this server for this person, so no consent page is shown. The person is matched exactly as
 * single sign-on matches them. No refresh token: the draft says the server SHOULD NOT issue one,
 * so that every new access token goes through the provider, whose decision stays current.
 */
export async function redeemIdJag(
  context: OAuthContext,
  sso: IdJagGrants,
  client: OAuthClient,
  params: Record<string, string | undefined>,
): Promise<IdJagIssue> {
  const assertion = params.assertion;
  if (!assertion) throw invalidRequest("'assertion' is required: the ID-JAG the identity provider issued");
  if (params.resource !== undefined && !namesThisResource(context, params.resource)) {
    throw new OAuthError('invalid_target', `'resource' must be '${context.issuer}', got '${params.resource}'`);
  }
  const now = context.clock.now();
  const { idJag } = sso;
  const claims = await verifyIdJag(assertion, {
    issuer: idJag.issuer,
    keySet: (refetch) => idJag.keySet(refetch),
    audience: context.issuer,
    clientId: client.id,
    namesResource: (resource) => namesThisResource(context, resource),
    resource: context.issuer,
    offeredScopes: [mcpScope],
    nowMs: now,
  });
  const granted = claims.scopes ?? [mcpScope];
  const beyond = (params.scope ?? '').split(' ').filter((scope) => scope !== '' && !granted.includes(scope));
  if (beyond.length > 0) throw new OAuthError('invalid_scope', `'scope' '${params.scope}' exceeds the ID-JAG, which grants '${granted.join(' ')}'`);
  // Across instances: the store keeps each provider's jti until the grant has expired.
  if (!(await context.store.useAssertionId(`id-jag:${idJag.issuer}`, claims.jti, (claims.expiresAt + idJagSkewSeconds) * 1000, now))) {
    throw invalidGrant("the ID-JAG is refused: its 'jti' was used before; an ID-JAG is redeemed once, so ask the identity provider for a new one");
  }
  const outcome = await accountForIdentity(context, anonymous, { issuer: idJag.issuer, ...claims }, {
    createAccountsIn: sso.createAccountsIn,
    allowedToJoin: sso.allowedToJoin,
  });
  if (outcome.kind === 'refused') throw invalidGrant(`the ID-JAG is refused: ${personRefusals[outcome.reason](outcome.email ?? '')}`);
  // Grants refer to the client: one known by its document is recorded, as consent records it.
  if (isMetadataDocumentUrl(client.id)) await context.store.saveMetadataClient(client);
  const access = mintToken('access', now, context.accessTokenTtlMs);
  const scope = mcpScope;
  await context.store.issueGrant(
    { id: newId('grt'), userId: outcome.user.id, clientId: client.id, scope, createdAt: now, grantedBy: idJag.issuer },
    { access: access.stored },
  );
  await recordAudit(context, { action: 'grant.create', actorUserId: outcome.user.id, clientId: client.id, detail: { source: 'id-jag', idp: idJag.issuer } });
  return { accessToken: access.secret, scope };
}
