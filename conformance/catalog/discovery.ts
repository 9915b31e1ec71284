import type { Check } from '../check.js';
import { privateKeyJwtSigningAlgs } from '../checks/discovery/private-key-jwt-signing-algs.js';
import { authorizationServerMetadata } from '../checks/discovery/authorization-server-metadata.js';
import { clientIdMetadataDocumentSupported } from '../checks/discovery/client-id-metadata-document-supported.js';
import { discoveryCors } from '../checks/discovery/discovery-cors.js';
import { endpoints } from '../checks/discovery/endpoints.js';
import { grantTypes } from '../checks/discovery/grant-types.js';
import { issParameterAdvertised } from '../checks/discovery/iss-parameter-advertised.js';
import { issuerMatchesBaseUrl } from '../checks/discovery/issuer-matches-base-url.js';
import { jwksUriKeySet } from '../checks/discovery/jwks-uri-key-set.js';
import { metadataAtAuthorizationOrigin } from '../checks/discovery/metadata-at-authorization-origin.js';
import { metadataWithoutNulls } from '../checks/discovery/metadata-without-nulls.js';
import { openidConfigurationDocument } from '../checks/discovery/openid-configuration-document.js';
import { openidConfigurationParserFields } from '../checks/discovery/openid-configuration-parser-fields.js';
import { pkceMethods } from '../checks/discovery/pkce-methods.js';
import { protectedResourceMetadata } from '../checks/discovery/protected-resource-metadata.js';
import { resourceMatchesBaseUrl } from '../checks/discovery/resource-matches-base-url.js';
import { responseTypes } from '../checks/discovery/response-types.js';
import { scopesSupported } from '../checks/discovery/scopes-supported.js';
import { tokenEndpointAuthMethods } from '../checks/discovery/token-endpoint-auth-methods.js';

/** The discovery documents: everything else is found through them. */
export const DISCOVERY: readonly Check[] = [
  protectedResourceMetadata,
  authorizationServerMetadata,
  openidConfigurationDocument,
  issuerMatchesBaseUrl,
  endpoints,
  responseTypes,
  grantTypes,
  pkceMethods,
  tokenEndpointAuthMethods,
  privateKeyJwtSigningAlgs,
  scopesSupported,
  metadataWithoutNulls,
  openidConfigurationParserFields,
  discoveryCors,
  clientIdMetadataDocumentSupported,
  resourceMatchesBaseUrl,
  issParameterAdvertised,
  metadataAtAuthorizationOrigin,
  jwksUriKeySet,
];
