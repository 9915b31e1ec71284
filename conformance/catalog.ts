import type { Check } from './check.js';
import { authorizationCodeFlow } from './checks/authorization/authorization-code-flow.js';
import { codeReplayRevokesTokens } from './checks/authorization/code-replay-revokes-tokens.js';
import { codeSingleUse } from './checks/authorization/code-single-use.js';
import { issReturned } from './checks/authorization/iss-returned.js';
import { loopbackRedirectAnyPort } from './checks/authorization/loopback-redirect-any-port.js';
import { noErrorRedirectToUntrustedWebUri } from './checks/authorization/no-error-redirect-to-untrusted-web-uri.js';
import { pkceNoDowngrade } from './checks/authorization/pkce-no-downgrade.js';
import { pkceRequired } from './checks/authorization/pkce-required.js';
import { pkceUnknownMethodRefused } from './checks/authorization/pkce-unknown-method-refused.js';
import { pkceVerifierMismatch } from './checks/authorization/pkce-verifier-mismatch.js';
import { refreshGrant } from './checks/authorization/refresh-grant.js';
import { refreshTokenRotation } from './checks/authorization/refresh-token-rotation.js';
import { spentRefreshRevokesGrant } from './checks/authorization/spent-refresh-revokes-grant.js';
import { spentRefreshTokenRefused } from './checks/authorization/spent-refresh-token-refused.js';
import { stateReturned } from './checks/authorization/state-returned.js';
import { tokenErrorResponses } from './checks/authorization/token-error-responses.js';
import { tokenNoStore } from './checks/authorization/token-no-store.js';
import { tokenScopeAndLifetime } from './checks/authorization/token-scope-and-lifetime.js';
import { unregisteredRedirectUriRefused } from './checks/authorization/unregistered-redirect-uri-refused.js';
import { authorizationServerMetadata } from './checks/discovery/authorization-server-metadata.js';
import { clientIdMetadataDocumentSupported } from './checks/discovery/client-id-metadata-document-supported.js';
import { discoveryCors } from './checks/discovery/discovery-cors.js';
import { endpoints } from './checks/discovery/endpoints.js';
import { grantTypes } from './checks/discovery/grant-types.js';
import { issuerMatchesBaseUrl } from './checks/discovery/issuer-matches-base-url.js';
import { metadataWithoutNulls } from './checks/discovery/metadata-without-nulls.js';
import { openidConfigurationDocument } from './checks/discovery/openid-configuration-document.js';
import { openidConfigurationParserFields } from './checks/discovery/openid-configuration-parser-fields.js';
import { pkceMethods } from './checks/discovery/pkce-methods.js';
import { protectedResourceMetadata } from './checks/discovery/protected-resource-metadata.js';
import { responseTypes } from './checks/discovery/response-types.js';
import { scopesSupported } from './checks/discovery/scopes-supported.js';
import { tokenEndpointAuthMethods } from './checks/discovery/token-endpoint-auth-methods.js';
import { expiredToken401 } from './checks/mcp/expired-token-401.js';
import { foreignOriginRefused } from './checks/mcp/foreign-origin-refused.js';
import { foreignToken403 } from './checks/mcp/foreign-token-403.js';
import { initialize } from './checks/mcp/initialize.js';
import { initializeVersionNegotiation } from './checks/mcp/initialize-version-negotiation.js';
import { pingEmptyResult } from './checks/mcp/ping-empty-result.js';
import { resourceNotFound32002 } from './checks/mcp/resource-not-found-32002.js';
import { capabilitiesDeclared } from './checks/mcp/capabilities-declared.js';
import { structuredContentSchema } from './checks/mcp/structured-content-schema.js';
import { structuredContentText } from './checks/mcp/structured-content-text.js';
import { toolNames } from './checks/mcp/tool-names.js';
import { insufficientScopeChallenge } from './checks/mcp/insufficient-scope-challenge.js';
import { invalidToken401 } from './checks/mcp/invalid-token-401.js';
import { missingToken401 } from './checks/mcp/missing-token-401.js';
import { notification202 } from './checks/mcp/notification-202.js';
import { streamGetStrictClients } from './checks/mcp/stream-get-strict-clients.js';
import { streamRequest404 } from './checks/mcp/stream-request-404.js';
import { toolsCall } from './checks/mcp/tools-call.js';
import { toolsList } from './checks/mcp/tools-list.js';
import { unauthenticatedGet401 } from './checks/mcp/unauthenticated-get-401.js';
import { unknownMethod32601 } from './checks/mcp/unknown-method-32601.js';
import { unsupportedProtocolVersion400 } from './checks/mcp/unsupported-protocol-version-400.js';
import { modernDiscover } from './checks/modern-mcp/modern-discover.js';
import { modernEnvelope32602 } from './checks/modern-mcp/modern-envelope-32602.js';
import { modernHeaderMismatch32020 } from './checks/modern-mcp/modern-header-mismatch-32020.js';
import { modernMcpNameBase64 } from './checks/modern-mcp/modern-mcp-name-base64.js';
import { modernResultType } from './checks/modern-mcp/modern-result-type.js';
import { modernServerInfo } from './checks/modern-mcp/modern-server-info.js';
import { modernToolsListCacheHints } from './checks/modern-mcp/modern-tools-list-cache-hints.js';
import { modernUnknownMethod404 } from './checks/modern-mcp/modern-unknown-method-404.js';
import { modernUnsupportedVersion32022 } from './checks/modern-mcp/modern-unsupported-version-32022.js';
import { modernResponseId } from './checks/modern-mcp/modern-response-id.js';
import { modernVersionHeaderMismatch32020 } from './checks/modern-mcp/modern-version-header-mismatch-32020.js';
import { modernRequiredHeaders32020 } from './checks/modern-mcp/modern-required-headers-32020.js';
import { modernNoSessionId } from './checks/modern-mcp/modern-no-session-id.js';
import { modernResourceNotFound32602 } from './checks/modern-mcp/modern-resource-not-found-32602.js';
import { modernCacheableResultsHints } from './checks/modern-mcp/modern-cacheable-results-hints.js';
import { modernCapabilitiesDeclared } from './checks/modern-mcp/modern-capabilities-declared.js';
import { modernToolInputSchemas } from './checks/modern-mcp/modern-tool-input-schemas.js';
import { modernToolNames } from './checks/modern-mcp/modern-tool-names.js';
import { modernToolsListDeterministic } from './checks/modern-mcp/modern-tools-list-deterministic.js';
import { modernStructuredContentSchema } from './checks/modern-mcp/modern-structured-content-schema.js';
import { modernStructuredContentText } from './checks/modern-mcp/modern-structured-content-text.js';
import { modernInitializeNamesVersions } from './checks/modern-mcp/modern-initialize-names-versions.js';
import { modernLegacyStream405 } from './checks/modern-mcp/modern-legacy-stream-405.js';
import { modernNotificationNoResponse } from './checks/modern-mcp/modern-notification-no-response.js';
import { modernForeignOrigin403 } from './checks/modern-mcp/modern-foreign-origin-403.js';
import { modernAppToolsNeedExtension } from './checks/modern-mcp/modern-app-tools-need-extension.js';
import { budgetSharedPerPerson } from './checks/rate-limits/budget-shared-per-person.js';
import { failuresDoNotExtend } from './checks/rate-limits/failures-do-not-extend.js';
import { mcpRateLimitEnforced } from './checks/rate-limits/mcp-rate-limit-enforced.js';
import { noRateLimitHeaders } from './checks/rate-limits/no-rate-limit-headers.js';
import { retryAfterHonoured } from './checks/rate-limits/retry-after-honoured.js';
import { retryAfterValid } from './checks/rate-limits/retry-after-valid.js';
import { unauthenticatedNotCounted } from './checks/rate-limits/unauthenticated-not-counted.js';
import { badClientMetadataDocumentRefused } from './checks/authorization/bad-client-metadata-document-refused.js';
import { clientMetadataDocumentFlow } from './checks/authorization/client-metadata-document-flow.js';
import { registrationAcceptsNativeRedirects } from './checks/registration/registration-accepts-native-redirects.js';
import { registrationIdempotent } from './checks/registration/registration-idempotent.js';
import { registrationNoSecret } from './checks/registration/registration-no-secret.js';
import { registrationRateLimit } from './checks/registration/registration-rate-limit.js';
import { registrationRefusesBadMetadata } from './checks/registration/registration-refuses-bad-metadata.js';
import { registrationRefusesBadRedirectUri } from './checks/registration/registration-refuses-bad-redirect-uri.js';
import { registrationResponse } from './checks/registration/registration-response.js';
import { registrationRefusesEmptyRedirectUris } from './checks/registration/registration-refuses-empty-redirect-uris.js';
import { registrationClientIdNotUrl } from './checks/registration/registration-client-id-not-url.js';
import { revokeUnknownToken200 } from './checks/revocation/revoke-unknown-token-200.js';
import { revokedAccessToken401 } from './checks/revocation/revoked-access-token-401.js';
import { revokedRefreshTokenSignsOut } from './checks/revocation/revoked-refresh-token-signs-out.js';
import { toolErrorNotAuthorized } from './checks/tool-errors/tool-error-not-authorized.js';
import { toolErrorNotFound } from './checks/tool-errors/tool-error-not-found.js';
import { toolErrorValidation } from './checks/tool-errors/tool-error-validation.js';

import { authorizationDeniedRedirect } from './checks/authorization/authorization-denied-redirect.js';
import { authorizationErrorRedirect } from './checks/authorization/authorization-error-redirect.js';
import { codeBoundToClient } from './checks/authorization/code-bound-to-client.js';
import { codeBoundToRedirectUri } from './checks/authorization/code-bound-to-redirect-uri.js';
import { codeParallelRedemption } from './checks/authorization/code-parallel-redemption.js';
import { consentNotFramable } from './checks/authorization/consent-not-framable.js';
import { consentRequiresCsrf } from './checks/authorization/consent-requires-csrf.js';
import { consentShowsClientAndRedirect } from './checks/authorization/consent-shows-client-and-redirect.js';
import { refreshBoundToClient } from './checks/authorization/refresh-bound-to-client.js';
import { refreshNoScopeEscalation } from './checks/authorization/refresh-no-scope-escalation.js';
import { refreshParallel } from './checks/authorization/refresh-parallel.js';
import { resourceTrailingSlashAccepted } from './checks/authorization/resource-trailing-slash-accepted.js';
import { sessionCookieFlags } from './checks/authorization/session-cookie-flags.js';
import { unknownClientErrorPage } from './checks/authorization/unknown-client-error-page.js';
import { unknownClientJson } from './checks/authorization/unknown-client-json.js';
import { issParameterAdvertised } from './checks/discovery/iss-parameter-advertised.js';
import { resourceMatchesBaseUrl } from './checks/discovery/resource-matches-base-url.js';
import { repeated429Shape } from './checks/rate-limits/repeated-429-shape.js';
import { retryAfterCountsToOldest } from './checks/rate-limits/retry-after-counts-to-oldest.js';
import { mcpCorsExposesHeaders } from './checks/mcp/mcp-cors-exposes-headers.js';
import { sessionDeleteAnswered } from './checks/mcp/session-delete-answered.js';
import { slidingWindowEdge } from './checks/rate-limits/sliding-window-edge.js';
import { revokeOtherClientsTokenIgnored } from './checks/revocation/revoke-other-clients-token-ignored.js';
// Issue 23: metadata where clients look for it, refresh retries.
import { metadataAtAuthorizationOrigin } from './checks/discovery/metadata-at-authorization-origin.js';
import { refreshParallelRetry } from './checks/authorization/refresh-parallel-retry.js';
import { authorizationRepeatedParameterRefused } from './checks/authorization/authorization-repeated-parameter-refused.js';
import { clientMetadataMissingDocumentRefused } from './checks/authorization/client-metadata-missing-document-refused.js';
import { clientMetadataRedirectUriRefused } from './checks/authorization/client-metadata-redirect-uri-refused.js';
import { clientMetadataUrlFormRefused } from './checks/authorization/client-metadata-url-form-refused.js';
import { resourceForeignInvalidTarget } from './checks/authorization/resource-foreign-invalid-target.js';
import { mcpAppResourceCsp } from './checks/mcp/mcp-app-resource-csp.js';
import { mcpAppResourceRead } from './checks/mcp/mcp-app-resource-read.js';
import { mcpAppToolUiResource } from './checks/mcp/mcp-app-tool-ui-resource.js';
import { protectedResourceName } from './checks/discovery/protected-resource-name.js';
import { bearerMethodsSupported } from './checks/discovery/bearer-methods-supported.js';
import { missingTokenNoErrorCode } from './checks/mcp/missing-token-no-error-code.js';
import { revokeUnderOtherHint } from './checks/revocation/revoke-under-other-hint.js';
import { tokenResourceInvalidTarget } from './checks/authorization/token-resource-invalid-target.js';
import { authorizationUnknownParameterIgnored } from './checks/authorization/authorization-unknown-parameter-ignored.js';
import { metadataNoEmptyLists } from './checks/discovery/metadata-no-empty-lists.js';
import { clientMetadataConsentShowsHost } from './checks/authorization/client-metadata-consent-shows-host.js';
// Issue 26: RFC 6749 (3.1, 3.2, 3.3), 6750, 7009, 7636 and 8414 read whole.
import { authorizationEmptyParameterOmitted } from './checks/authorization/authorization-empty-parameter-omitted.js';
import { authorizationWithoutScope } from './checks/authorization/authorization-without-scope.js';
import { pkceDefaultMethodPlain } from './checks/authorization/pkce-default-method-plain.js';
import { pkceRefusalsExplained } from './checks/authorization/pkce-refusals-explained.js';
import { pkceVerifierFormRefused } from './checks/authorization/pkce-verifier-form-refused.js';
import { tokenRequestParameters } from './checks/authorization/token-request-parameters.js';
import { signedMetadataForm } from './checks/discovery/signed-metadata-form.js';
import { bearerChallengeSyntax } from './checks/mcp/bearer-challenge-syntax.js';
import { revokeErrorResponse } from './checks/revocation/revoke-error-response.js';
import { revokeUnknownHintIgnored } from './checks/revocation/revoke-unknown-hint-ignored.js';
// Issue 26: RFC 9700, 9728 and 9207 read sentence by sentence.
import { authorizationEndpointNoCors } from './checks/authorization/authorization-endpoint-no-cors.js';
import { redirectUriExactMatch } from './checks/authorization/redirect-uri-exact-match.js';
import { credentialsPostNot307 } from './checks/authorization/credentials-post-not-307.js';
import { credentialsPostRedirect303 } from './checks/authorization/credentials-post-redirect-303.js';
import { authorizationPagesNoThirdPartyContent } from './checks/authorization/authorization-pages-no-third-party-content.js';
import { protectedResourceMetadataValues } from './checks/discovery/protected-resource-metadata-values.js';
import { protectedResourceNamesUntagged } from './checks/discovery/protected-resource-names-untagged.js';
import { challengeMetadataNamesResource } from './checks/discovery/challenge-metadata-names-resource.js';
import { mcpAppListedViewMimeType } from './checks/mcp/mcp-app-listed-view-mime-type.js';

/**
 * Every check, in the order it runs. The order matters: checks that need a working token run
 * before the rate-limit group spends the person's budget, revocation comes after both, and the
 * registration limit comes last because it leaves this machine unable to register for a while.
 */
export const CATALOG: readonly Check[] = [
  protectedResourceMetadata,
  authorizationServerMetadata,
  openidConfigurationDocument,
  issuerMatchesBaseUrl,
  endpoints,
  responseTypes,
  grantTypes,
  pkceMethods,
  tokenEndpointAuthMethods,
  scopesSupported,
  metadataWithoutNulls,
  openidConfigurationParserFields,
  discoveryCors,
  clientIdMetadataDocumentSupported,
  resourceMatchesBaseUrl,
  issParameterAdvertised,
  metadataAtAuthorizationOrigin,

  registrationResponse,
  registrationNoSecret,
  registrationIdempotent,
  registrationRefusesBadRedirectUri,
  registrationRefusesBadMetadata,
  registrationAcceptsNativeRedirects,
  registrationRefusesEmptyRedirectUris,
  registrationClientIdNotUrl,

  authorizationCodeFlow,
  tokenScopeAndLifetime,
  stateReturned,
  issReturned,
  unregisteredRedirectUriRefused,
  noErrorRedirectToUntrustedWebUri,
  loopbackRedirectAnyPort,
  clientMetadataDocumentFlow,
  badClientMetadataDocumentRefused,
  pkceRequired,
  pkceUnknownMethodRefused,
  codeSingleUse,
  codeReplayRevokesTokens,
  pkceVerifierMismatch,
  pkceNoDowngrade,
  refreshGrant,
  refreshTokenRotation,
  spentRefreshTokenRefused,
  spentRefreshRevokesGrant,
  tokenErrorResponses,
  tokenNoStore,
  authorizationErrorRedirect,
  authorizationDeniedRedirect,
  unknownClientErrorPage,
  unknownClientJson,
  consentShowsClientAndRedirect,
  consentNotFramable,
  consentRequiresCsrf,
  sessionCookieFlags,
  codeBoundToClient,
  codeBoundToRedirectUri,
  codeParallelRedemption,
  refreshBoundToClient,
  refreshParallel,
  refreshParallelRetry,
  refreshNoScopeEscalation,
  resourceTrailingSlashAccepted,

  initialize,
  toolsList,
  toolsCall,
  missingToken401,
  invalidToken401,
  foreignToken403,
  unauthenticatedGet401,
  streamRequest404,
  streamGetStrictClients,
  sessionDeleteAnswered,
  unknownMethod32601,
  unsupportedProtocolVersion400,
  notification202,
  foreignOriginRefused,
  mcpCorsExposesHeaders,
  expiredToken401,
  initializeVersionNegotiation,
  pingEmptyResult,
  resourceNotFound32002,
  capabilitiesDeclared,
  toolNames,
  structuredContentSchema,
  structuredContentText,
  insufficientScopeChallenge,

  // Issue 26: the Client ID Metadata Documents draft, MCP Apps, single branches of RFC 6749, 6750,
  // 7009, 8707 and 9728,
  // while the session's token still works (before the rate limits and revocation).
  clientMetadataUrlFormRefused,
  clientMetadataRedirectUriRefused,
  clientMetadataMissingDocumentRefused,
  resourceForeignInvalidTarget,
  authorizationRepeatedParameterRefused,
  mcpAppToolUiResource,
  mcpAppResourceRead,
  mcpAppResourceCsp,
  mcpAppListedViewMimeType,
  protectedResourceName,
  bearerMethodsSupported,
  tokenResourceInvalidTarget,
  missingTokenNoErrorCode,
  revokeUnderOtherHint,
  authorizationUnknownParameterIgnored,
  metadataNoEmptyLists,
  clientMetadataConsentShowsHost,
  // RFC 6749, 6750, 7009, 7636 and 8414 read whole.
  signedMetadataForm,
  authorizationEmptyParameterOmitted,
  authorizationWithoutScope,
  pkceVerifierFormRefused,
  pkceDefaultMethodPlain,
  pkceRefusalsExplained,
  tokenRequestParameters,
  bearerChallengeSyntax,
  revokeErrorResponse,
  revokeUnknownHintIgnored,

  // Issue 26: RFC 9700 (redirect matching, CORS, 307, third-party content) and RFC 9728.
  authorizationEndpointNoCors,
  redirectUriExactMatch,
  credentialsPostNot307,
  credentialsPostRedirect303,
  authorizationPagesNoThirdPartyContent,
  protectedResourceMetadataValues,
  protectedResourceNamesUntagged,
  challengeMetadataNamesResource,

  toolErrorNotFound,
  toolErrorNotAuthorized,
  toolErrorValidation,

  modernDiscover,
  modernResultType,
  modernServerInfo,
  modernToolsListCacheHints,
  modernEnvelope32602,
  modernHeaderMismatch32020,
  modernMcpNameBase64,
  modernUnsupportedVersion32022,
  modernUnknownMethod404,
  modernResponseId,
  modernVersionHeaderMismatch32020,
  modernRequiredHeaders32020,
  modernNoSessionId,
  modernResourceNotFound32602,
  modernCacheableResultsHints,
  modernCapabilitiesDeclared,
  modernToolInputSchemas,
  modernToolNames,
  modernToolsListDeterministic,
  modernStructuredContentSchema,
  modernStructuredContentText,
  modernInitializeNamesVersions,
  modernLegacyStream405,
  modernNotificationNoResponse,
  modernForeignOrigin403,
  modernAppToolsNeedExtension,

  mcpRateLimitEnforced,
  retryAfterValid,
  noRateLimitHeaders,
  repeated429Shape,
  budgetSharedPerPerson,
  unauthenticatedNotCounted,
  failuresDoNotExtend,
  retryAfterHonoured,
  slidingWindowEdge,
  retryAfterCountsToOldest,

  revokedAccessToken401,
  revokedRefreshTokenSignsOut,
  revokeUnknownToken200,
  revokeOtherClientsTokenIgnored,

  registrationRateLimit,
];
