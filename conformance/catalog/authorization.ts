import type { Check } from '../check.js';
import { AUTHORIZATION_CASES } from '../tables/index.js';
import { connectedAppsPage } from '../checks/authorization/connected-apps-page.js';
import { privateKeyJwtAccepted } from '../checks/authorization/private-key-jwt-accepted.js';
import { privateKeyJwtAssertionRequired } from '../checks/authorization/private-key-jwt-assertion-required.js';
import { privateKeyJwtWrongAudienceRefused } from '../checks/authorization/private-key-jwt-wrong-audience-refused.js';
import { privateKeyJwtSubjectRefused } from '../checks/authorization/private-key-jwt-subject-refused.js';
import { privateKeyJwtPublicClientAssertionRefused } from '../checks/authorization/private-key-jwt-public-client-assertion-refused.js';
import { privateKeyJwtAudienceArrayRefused } from '../checks/authorization/private-key-jwt-audience-array-refused.js';
import { privateKeyJwtAudienceInjectionRefused } from '../checks/authorization/private-key-jwt-audience-injection-refused.js';
import { privateKeyJwtIatFutureRefused } from '../checks/authorization/private-key-jwt-iat-future-refused.js';
import { privateKeyJwtJtiMalformedRefused } from '../checks/authorization/private-key-jwt-jti-malformed-refused.js';
import { privateKeyJwtIatTooOldRefused } from '../checks/authorization/private-key-jwt-iat-too-old-refused.js';
import { authorizationCodeFlow } from '../checks/authorization/authorization-code-flow.js';
import { authorizationDeniedRedirect } from '../checks/authorization/authorization-denied-redirect.js';
import { authorizationErrorRedirect } from '../checks/authorization/authorization-error-redirect.js';
import { badClientMetadataDocumentRefused } from '../checks/authorization/bad-client-metadata-document-refused.js';
import { clientMetadataDocumentFlow } from '../checks/authorization/client-metadata-document-flow.js';
import { codeBoundToClient } from '../checks/authorization/code-bound-to-client.js';
import { codeBoundToRequestedRedirectUri } from '../checks/authorization/code-bound-to-requested-redirect-uri.js';
import { codeParallelRedemption } from '../checks/authorization/code-parallel-redemption.js';
import { codeReplayRevokesTokens } from '../checks/authorization/code-replay-revokes-tokens.js';
import { codeSingleUse } from '../checks/authorization/code-single-use.js';
import { consentNotFramable } from '../checks/authorization/consent-not-framable.js';
import { consentRequiresCsrf } from '../checks/authorization/consent-requires-csrf.js';
import { consentShowsClientAndRedirect } from '../checks/authorization/consent-shows-client-and-redirect.js';
import { issReturned } from '../checks/authorization/iss-returned.js';
import { loopbackRedirectAnyPort } from '../checks/authorization/loopback-redirect-any-port.js';
import { noErrorRedirectToUntrustedWebUri } from '../checks/authorization/no-error-redirect-to-untrusted-web-uri.js';
import { pkceNoDowngrade } from '../checks/authorization/pkce-no-downgrade.js';
import { pkceUnknownMethodRefused } from '../checks/authorization/pkce-unknown-method-refused.js';
import { pkceVerifierMismatch } from '../checks/authorization/pkce-verifier-mismatch.js';
import { refreshBoundToClient } from '../checks/authorization/refresh-bound-to-client.js';
import { refreshGrant } from '../checks/authorization/refresh-grant.js';
import { refreshNoScopeEscalation } from '../checks/authorization/refresh-no-scope-escalation.js';
import { refreshGraceEndsAtSuccessorUse } from '../checks/authorization/refresh-grace-ends-at-successor-use.js';
import { refreshParallelRetry } from '../checks/authorization/refresh-parallel-retry.js';
import { passwordGrantRefused } from '../checks/authorization/password-grant-refused.js';
import { refreshParallel } from '../checks/authorization/refresh-parallel.js';
import { refreshRetryAfterRevocationRefused } from '../checks/authorization/refresh-retry-after-revocation-refused.js';
import { refreshRetryOtherClientRefused } from '../checks/authorization/refresh-retry-other-client-refused.js';
import { refreshRetrySameSuccessor } from '../checks/authorization/refresh-retry-same-successor.js';
import { refreshTokenRotation } from '../checks/authorization/refresh-token-rotation.js';
import { resourceTrailingSlashAccepted } from '../checks/authorization/resource-trailing-slash-accepted.js';
import { sessionCookieFlags } from '../checks/authorization/session-cookie-flags.js';
import { spentRefreshRevokesGrant } from '../checks/authorization/spent-refresh-revokes-grant.js';
import { spentRefreshTokenRefused } from '../checks/authorization/spent-refresh-token-refused.js';
import { stateReturned } from '../checks/authorization/state-returned.js';
import { tokenErrorResponses } from '../checks/authorization/token-error-responses.js';
import { tokenNoStore } from '../checks/authorization/token-no-store.js';
import { tokenScopeAndLifetime } from '../checks/authorization/token-scope-and-lifetime.js';
import { unknownClientErrorPage } from '../checks/authorization/unknown-client-error-page.js';
import { unknownClientJson } from '../checks/authorization/unknown-client-json.js';
import { unregisteredRedirectUriRefused } from '../checks/authorization/unregistered-redirect-uri-refused.js';
import { codeReplayRevokesRefreshToken } from '../checks/authorization/code-replay-revokes-refresh-token.js';
import { codeResourceInvalidTarget } from '../checks/authorization/code-resource-invalid-target.js';
import { refreshNoStore } from '../checks/authorization/refresh-no-store.js';
import { refreshTokenLifetime } from '../checks/authorization/refresh-token-lifetime.js';
import { resourceRelativeInvalidTarget } from '../checks/authorization/resource-relative-invalid-target.js';
import { signInNotFramable } from '../checks/authorization/sign-in-not-framable.js';
import { signInRequiresCsrf } from '../checks/authorization/sign-in-requires-csrf.js';
import { signInFieldsTampered } from '../checks/authorization/sign-in-fields-tampered.js';
import { ssoOnlyPasswordRefused } from '../checks/authorization/sso-only-password-refused.js';
import { signInRefusalsAlike } from '../checks/authorization/sign-in-refusals-alike.js';
import { jsonMediaTypes } from '../checks/authorization/json-media-types.js';
import { pkcePlainVerifierMismatch } from '../checks/authorization/pkce-plain-verifier-mismatch.js';
import { tokenParametersOtherGrant } from '../checks/authorization/token-parameters-other-grant.js';
import { unknownRefreshTokenInvalidGrant } from '../checks/authorization/unknown-refresh-token-invalid-grant.js';

/** Sign-in, consent, codes and tokens: these give the later phases their tokens. */
export const AUTHORIZATION: readonly Check[] = [
  authorizationCodeFlow,
  tokenScopeAndLifetime,
  stateReturned,
  issReturned,
  unregisteredRedirectUriRefused,
  noErrorRedirectToUntrustedWebUri,
  loopbackRedirectAnyPort,
  clientMetadataDocumentFlow,
  badClientMetadataDocumentRefused,
  pkceUnknownMethodRefused,
  codeSingleUse,
  codeReplayRevokesTokens,
  codeReplayRevokesRefreshToken,
  pkceVerifierMismatch,
  pkcePlainVerifierMismatch,
  pkceNoDowngrade,
  refreshGrant,
  refreshTokenRotation,
  spentRefreshTokenRefused,
  spentRefreshRevokesGrant,
  tokenErrorResponses,
  tokenNoStore,
  refreshNoStore,
  refreshTokenLifetime,
  unknownRefreshTokenInvalidGrant,
  codeResourceInvalidTarget,
  resourceRelativeInvalidTarget,
  jsonMediaTypes,
  tokenParametersOtherGrant,
  authorizationErrorRedirect,
  authorizationDeniedRedirect,
  unknownClientErrorPage,
  unknownClientJson,
  consentShowsClientAndRedirect,
  consentNotFramable,
  consentRequiresCsrf,
  signInNotFramable,
  signInRequiresCsrf,
  signInFieldsTampered,
  ssoOnlyPasswordRefused,
  signInRefusalsAlike,
  sessionCookieFlags,
  connectedAppsPage,
  codeBoundToClient,
  codeBoundToRequestedRedirectUri,
  codeParallelRedemption,
  refreshBoundToClient,
  refreshParallel,
  refreshParallelRetry,
  refreshGraceEndsAtSuccessorUse,
  refreshRetrySameSuccessor,
  refreshRetryAfterRevocationRefused,
  refreshRetryOtherClientRefused,
  passwordGrantRefused,
  refreshNoScopeEscalation,
  resourceTrailingSlashAccepted,
  privateKeyJwtAccepted,
  privateKeyJwtAssertionRequired,
  privateKeyJwtWrongAudienceRefused,
  privateKeyJwtSubjectRefused,
  privateKeyJwtPublicClientAssertionRefused,
  privateKeyJwtAudienceArrayRefused,
  privateKeyJwtAudienceInjectionRefused,
  privateKeyJwtIatFutureRefused,
  privateKeyJwtIatTooOldRefused,
  privateKeyJwtJtiMalformedRefused,
  // The authorization and token tables' cases (conformance/tables/), pkce-required, code-bound-to-redirect-uri and three private-key-jwt checks among them.
  ...AUTHORIZATION_CASES,
];
