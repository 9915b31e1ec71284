import type { Check } from '../check.js';
import { REVOCATION_CASES } from '../tables/index.js';
import { authorizationEmptyParameterOmitted } from '../checks/authorization/authorization-empty-parameter-omitted.js';
import { authorizationEndpointNoCors } from '../checks/authorization/authorization-endpoint-no-cors.js';
import { authorizationPagesNoThirdPartyContent } from '../checks/authorization/authorization-pages-no-third-party-content.js';
import { authorizationRepeatedParameterRefused } from '../checks/authorization/authorization-repeated-parameter-refused.js';
import { authorizationUnknownParameterIgnored } from '../checks/authorization/authorization-unknown-parameter-ignored.js';
import { authorizationWithoutScope } from '../checks/authorization/authorization-without-scope.js';
import { clientMetadataConsentShowsHost } from '../checks/authorization/client-metadata-consent-shows-host.js';
import { clientMetadataMissingDocumentRefused } from '../checks/authorization/client-metadata-missing-document-refused.js';
import { clientMetadataRedirectUriRefused } from '../checks/authorization/client-metadata-redirect-uri-refused.js';
import { clientMetadataUrlFormRefused } from '../checks/authorization/client-metadata-url-form-refused.js';
import { credentialsPostNot307 } from '../checks/authorization/credentials-post-not-307.js';
import { credentialsPostRedirect303 } from '../checks/authorization/credentials-post-redirect-303.js';
import { pkceDefaultMethodPlain } from '../checks/authorization/pkce-default-method-plain.js';
import { pkceRefusalsExplained } from '../checks/authorization/pkce-refusals-explained.js';
import { pkceVerifierFormRefused } from '../checks/authorization/pkce-verifier-form-refused.js';
import { redirectUriExactMatch } from '../checks/authorization/redirect-uri-exact-match.js';
import { resourceForeignInvalidTarget } from '../checks/authorization/resource-foreign-invalid-target.js';
import { tokenRequestParameters } from '../checks/authorization/token-request-parameters.js';
import { tokenResourceInvalidTarget } from '../checks/authorization/token-resource-invalid-target.js';
import { bearerMethodsSupported } from '../checks/discovery/bearer-methods-supported.js';
import { challengeMetadataNamesResource } from '../checks/discovery/challenge-metadata-names-resource.js';
import { metadataNoEmptyLists } from '../checks/discovery/metadata-no-empty-lists.js';
import { protectedResourceMetadataValues } from '../checks/discovery/protected-resource-metadata-values.js';
import { protectedResourceName } from '../checks/discovery/protected-resource-name.js';
import { protectedResourceNamesUntagged } from '../checks/discovery/protected-resource-names-untagged.js';
import { signedMetadataForm } from '../checks/discovery/signed-metadata-form.js';
import { bearerChallengeSyntax } from '../checks/mcp/bearer-challenge-syntax.js';
import { mcpAppListedViewMimeType } from '../checks/mcp/mcp-app-listed-view-mime-type.js';
import { mcpAppViewsListed } from '../checks/mcp/mcp-app-views-listed.js';
import { mcpAppResourceCsp } from '../checks/mcp/mcp-app-resource-csp.js';
import { mcpAppResourceRead } from '../checks/mcp/mcp-app-resource-read.js';
import { skillsServed } from '../checks/mcp/skills-served.js';
import { mcpAppToolUiResource } from '../checks/mcp/mcp-app-tool-ui-resource.js';
import { missingTokenNoErrorCode } from '../checks/mcp/missing-token-no-error-code.js';
import { revokeUnderOtherHint } from '../checks/revocation/revoke-under-other-hint.js';
import { revokeUnknownHintIgnored } from '../checks/revocation/revoke-unknown-hint-ignored.js';
import { revokeOtherClientsRefreshIgnored } from '../checks/revocation/revoke-other-clients-refresh-ignored.js';
import { revokeRefreshUnderAccessHint } from '../checks/revocation/revoke-refresh-under-access-hint.js';

/**
 * Client documents, MCP Apps and single branches of the RFCs that need the session's token
 * still working: before the rate limits spend the budget and revocation ends it.
 */
export const WHILE_TOKEN_WORKS: readonly Check[] = [
  clientMetadataUrlFormRefused,
  clientMetadataRedirectUriRefused,
  clientMetadataMissingDocumentRefused,
  resourceForeignInvalidTarget,
  authorizationRepeatedParameterRefused,
  mcpAppToolUiResource,
  mcpAppResourceRead,
  skillsServed,
  mcpAppResourceCsp,
  mcpAppListedViewMimeType,
  mcpAppViewsListed,
  protectedResourceName,
  bearerMethodsSupported,
  tokenResourceInvalidTarget,
  missingTokenNoErrorCode,
  revokeUnderOtherHint,
  revokeRefreshUnderAccessHint,
  revokeOtherClientsRefreshIgnored,
  authorizationUnknownParameterIgnored,
  metadataNoEmptyLists,
  clientMetadataConsentShowsHost,
  signedMetadataForm,
  authorizationEmptyParameterOmitted,
  authorizationWithoutScope,
  pkceVerifierFormRefused,
  pkceDefaultMethodPlain,
  pkceRefusalsExplained,
  tokenRequestParameters,
  bearerChallengeSyntax,
  // The revocation table's cases, revoke-error-response among them: each revokes a grant of its own.
  ...REVOCATION_CASES,
  revokeUnknownHintIgnored,
  authorizationEndpointNoCors,
  redirectUriExactMatch,
  credentialsPostNot307,
  credentialsPostRedirect303,
  authorizationPagesNoThirdPartyContent,
  protectedResourceMetadataValues,
  protectedResourceNamesUntagged,
  challengeMetadataNamesResource,
];
