import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { accessTokenVerifier } from '../../oauth/token-cache.js';
import { accessTokenCheck, hashSecret, mcpScope } from '../../oauth/tokens.js';
import type { Clock } from '../../platform/clock.js';
import { stampPerTurn } from '../../store/stamp-per-turn.js';
import type { Store } from '../../store/store.js';
import type { JsonAnswer } from '../json-answer.js';

export interface BearerAuthOptions {
  readonly store: Store;
  readonly clock: Clock;
  /** Absolute URL of the protected-resource metadata, for `WWW-Authenticate`. */
  readonly resourceMetadataUrl: string;
}

/** The person and grant behind a valid token, for the JSON-RPC dispatch. */
export interface BearerAuth {
  readonly userId: string;
  readonly authInfo: AuthInfo;
}

export type BearerVerdict = { readonly auth: BearerAuth } | { readonly refusal: JsonAnswer };

const bearerPattern = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

/**
 * Checks the `Authorization` header; given the survey the request will read (`get_survey`), a
 * store that offers it reads that survey for the token's person in the same round trip, and the
 * read travels with the verdict (`authInfo.extra.surveyRead`) to the tool, unseen by anyone if
 * the request is refused after all.
 */
export type BearerCheck = (authorization: string | undefined, surveyToRead?: string) => Promise<BearerVerdict>;

/**
 * Spec 5.4 and 7.1: missing, unknown, expired or revoked token → 401 with the exact
 * `WWW-Authenticate`; a valid token of another service (no `mcp_customer`) → 403. Checked against
 * the live grant, client and user on every request.
 */
export function bearerCheck(options: BearerAuthOptions): BearerCheck {
  const { store, clock, resourceMetadataUrl } = options;
  const verifyAccessToken = accessTokenVerifier(store);
  const readStamp = store.changeStamp && stampPerTurn(store.changeStamp.bind(store));
  const unauthorized: BearerVerdict = {
    refusal: { status: 401, headers: { 'WWW-Authenticate': `Bearer resource_metadata="${resourceMetadataUrl}"` }, body: { error: 'unauthorized' } },
  };
  const insufficientScope: BearerVerdict = {
    refusal: {
      status: 403,
      headers: { 'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${mcpScope}", resource_metadata="${resourceMetadataUrl}"` },
      body: { error: 'insufficient_scope' },
    },
  };

  // Where the store reads a survey with the token (PostgreSQL): a get_survey in one round trip.
  const readWithSurvey = store.findAccessTokenWithSurvey;
  async function verify(token: string, nowMs: number, stamp: number | undefined, surveyToRead: string | undefined) {
    if (surveyToRead === undefined || !readWithSurvey) return { verdict: await verifyAccessToken(token, nowMs, stamp), surveyRead: undefined };
    const read = await readWithSurvey(hashSecret(token), surveyToRead);
    return { verdict: accessTokenCheck(read.token, nowMs), surveyRead: read.survey };
  }

  return async function authenticateBearer(authorization, surveyToRead) {
    const token = bearerPattern.exec(authorization ?? '')?.[1];
    if (token === undefined) return unauthorized;
    // One change stamp per request, read after it began (shared with the requests of its turn,
    // stamp-per-turn.ts): the token and any answer kept in memory are checked against it
    // (token-cache.ts, mcp/answer-cache.ts), and a write acknowledged before the request began has moved it.
    const storeStamp = await readStamp?.();
    const { verdict, surveyRead } = await verify(token, clock.now(), storeStamp, surveyToRead);
    if (!verdict.ok) return unauthorized;
    const scopes = verdict.scope.split(' ');
    if (!scopes.includes(mcpScope)) return insufficientScope;
    return {
      auth: {
        userId: verdict.userId,
        authInfo: { token, clientId: verdict.clientId, scopes, extra: { userId: verdict.userId, storeStamp, surveyRead } },
      },
    };
  };
}
