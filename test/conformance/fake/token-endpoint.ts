import { createHash } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import type { Response } from 'express';
import type { AuthHostConfig } from './auth-host.js';
import type { Faults } from './faults.js';
import { randomId } from './state.js';
import { jwtClient } from './faults-third-sample.js';

// Long enough that parallel requests on a busy machine all arrive inside it.
const RACE_WINDOW_MS = 250;

export async function redeemCode(
  body: Record<string, string | undefined>,
  res: Response,
  refuse: (error: string) => void,
  config: AuthHostConfig,
): Promise<void> {
  const { state, faults } = config;
  if (!body.code && !faults.missingParameterAsInvalidGrant) return refuse('invalid_request');
  const code = state.codes.get(body.code ?? '');
  if (!code) return refuse('invalid_grant');
  if (code.used && !faults.reusableCodes) {
    if (faults.codeReplayKeepsRefreshToken) state.revokeAccessTokensOf(code.grantId);
    else if (!faults.codeReplayKeepsTokens) state.revokeGrant(code.grantId);
    return refuse('invalid_grant');
  }
  const anyCodeTaken = faults.freshFault === 'cimd-redeems-any-code' && body.client_id?.startsWith('https://') === true;
  if (code.clientId !== body.client_id && !faults.codeNotBoundToClient && !anyCodeTaken) return refuse('invalid_grant');
  const anyRegistered = faults.sampleFault === 'code-redirect-any-registered' && state.clients.get(code.clientId)?.redirectUris.includes(body.redirect_uri ?? '') === true;
  const confidentialTrusted = faults.thirdSampleFault === 'jwt-client-redirect-unchecked' && jwtClient(code.clientId, state.metadataDocuments);
  const redirectUnchecked = faults.codeNotBoundToRedirectUri || (body.redirect_uri === undefined && faults.redirectUriOptionalAtToken) || anyRegistered || confidentialTrusted;
  if (code.redirectUri !== body.redirect_uri && !redirectUnchecked) return refuse('invalid_grant');
  const unverified = body.code_verifier === undefined && faults.missingVerifierAccepted;
  // RFC 7636 §4.1: a verifier is 43 to 128 unreserved characters, whatever it hashes to.
  if (!unverified && !verifierForm(faults).test(body.code_verifier ?? '') && !faults.verifierFormUnchecked) return refuse('invalid_request');
  if (!unverified && !verifierMatches(code.challenge, code.method, body.code_verifier ?? '', faults)) return refuse(faults.thirdSampleFault === 'verifier-mismatch-invalid-request' ? 'invalid_request' : 'invalid_grant');
  if (faults.codeRedemptionRace) await setTimeout(RACE_WINDOW_MS);
  code.used = true;
  const grantId = randomId('grant_');
  state.grants.set(grantId, { userId: code.userId, clientId: code.clientId, revoked: false });
  code.grantId = grantId;
  res.json(issueTokens(grantId, code.userId, config, undefined, false));
}

export async function refresh(
  body: Record<string, string | undefined>,
  res: Response,
  refuse: (error: string) => void,
  config: AuthHostConfig,
): Promise<void> {
  const { state, faults } = config;
  const record = state.refreshTokens.get(body.refresh_token ?? '');
  if (!record && faults.unknownRefreshTokenInvalidRequest) return refuse('invalid_request');
  const grant = record ? state.grants.get(record.grantId) : undefined;
  const renew = (refreshToken: string | undefined): void => {
    if (faults.refreshCacheable) res.removeHeader('cache-control');
    res.json(issueTokens(record?.grantId ?? '', grant?.userId ?? '', config, refreshToken, true));
  };
  // A retry within the grace (issue 23): a new access token with the successor, nothing revoked.
  // The fault keeps the window open until the lineage renews again (a seal cleared only then).
  const withinWindow = (spentAt: number): boolean =>
    Date.now() - spentAt < config.refreshGraceSeconds * (faults.thirdSampleFault === 'grace-in-milliseconds' ? 1_000_000 : 1000) || (faults.graceUntilNextRenewal === true && !state.refreshTokens.get(record?.successor ?? '')?.spent);
  const inGrace = !faults.noRefreshGrace && record?.spentAt !== undefined && withinWindow(record.spentAt) && record.successor !== undefined;
  if (!record || !grant || ((record.revoked || grant.revoked) && !(inGrace && faults.graceOutlivesRevocation))) return refuse('invalid_grant');
  if (grant.clientId !== body.client_id && !faults.refreshNotBoundToClient && !(inGrace && faults.graceForAnyClient)) return refuse('invalid_grant');
  const scopes = (body.scope ?? 'mcp_customer').split(' ');
  if (scopes.some((scope) => scope !== 'mcp_customer') && !faults.refreshScopeEscalation) return refuse('invalid_scope');
  if (record.spent && !faults.spentRefreshAccepted) {
    // ...answered only while that successor is unused (issue 33).
    const successorUnused = !state.refreshTokens.get(record.successor!)?.spent;
    if (inGrace && (successorUnused || faults.graceOutlivesSuccessorUse)) {
      return renew(faults.graceMintsNewSuccessor ? undefined : record.successor);
    }
    if (!faults.refreshReuseKeepsGrant) state.revokeGrant(record.grantId);
    return refuse('invalid_grant');
  }
  if (faults.refreshRace) await setTimeout(RACE_WINDOW_MS);
  if (faults.noRefreshRotation || (faults.rotationStopsAfterFirst && record.rotated)) {
    return renew(body.refresh_token);
  }
  const successor = randomId('rt_');
  state.refreshTokens.set(successor, { grantId: record.grantId, spent: false, revoked: false, rotated: true });
  Object.assign(record, { spent: true, spentAt: Date.now(), successor });
  renew(successor);
}

function issueTokens(
  grantId: string,
  userId: string,
  config: AuthHostConfig,
  keptRefreshToken: string | undefined,
  renewal: boolean,
): Record<string, unknown> {
  const { state, faults } = config;
  const accessTokenTtlSeconds = !renewal && documentClientMonth(grantId, config) ? 30 * 86_400 : config.accessTokenTtlSeconds;
  const accessToken = randomId('at_');
  // A refresh token given here is already stored (a rotation's successor, or one kept unrotated).
  const refreshToken = keptRefreshToken ?? randomId('rt_');
  state.accessTokens.set(accessToken, {
    issuedWith: refreshToken,
    userId,
    grantId,
    scope: 'mcp_customer',
    expiresAt: Date.now() + accessTokenTtlSeconds * 1000,
    revoked: false,
  });
  if (!keptRefreshToken) state.refreshTokens.set(refreshToken, { grantId, spent: false, revoked: false });
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: renewal && faults.refreshLongLived ? 2 * 3600 : renewal && confidentialDay(grantId, config) ? 86_400 : accessTokenTtlSeconds,
    scope: 'mcp_customer',
    ...(faults.omitRefreshToken ? {} : { refresh_token: refreshToken }),
  };
}

/** The `jwt-client-refresh-lives-a-day` fault: a private_key_jwt client's grant renews for a day. */
function confidentialDay(grantId: string, config: AuthHostConfig): boolean {
  if (config.faults.freshFault !== 'jwt-client-refresh-lives-a-day') return false;
  const clientId = config.state.grants.get(grantId)?.clientId ?? '';
  return config.state.metadataDocuments.get(clientId)?.['token_endpoint_auth_method'] === 'private_key_jwt';
}

/** #28: "remember me" for URL clients: the code grant of a metadata-document client lives 30 days. */
function documentClientMonth(grantId: string, config: AuthHostConfig): boolean {
  return config.faults.thirdSampleFault === 'cimd-code-tokens-30-days' && (config.state.grants.get(grantId)?.clientId ?? '').startsWith('https://');
}

/** RFC 7636 §4.1: a verifier (and a plain challenge) is 43 to 128 unreserved characters. */
export function verifierForm(faults: Faults): RegExp {
  return faults.longVerifierAccepted ? /^[\w.~-]{43,256}$/ : /^[\w.~-]{43,128}$/;
}

function verifierMatches(challenge: string | undefined, method: string, verifier: string, faults: Faults): boolean {
  const emptyAsNone = faults.thirdSampleFault === 'empty-challenge-as-none';
  if (faults.skipPkceVerification || (challenge === undefined && faults.pkceOptional) || (!challenge && emptyAsNone)) return true;
  if (challenge === undefined) return false;
  const asPlain = method === 'plain' || (method !== 'S256' && faults.freshFault === 'unknown-challenge-method-as-plain');
  if (asPlain) return verifier === challenge || faults.plainVerifierUnchecked === true;
  if (faults.allowPlainDowngrade && verifier === challenge) return true;
  return createHash('sha256').update(verifier).digest('base64url') === challenge;
}
