import { metadataParameterCheck } from './metadata-parameter.js';

export const tokenEndpointAuthMethods = metadataParameterCheck({
  id: 'token-endpoint-auth-methods',
  title: 'Client authentication is none: clients are public',
  parameter: 'token_endpoint_auth_methods_supported',
  expected: ['none'],
});
