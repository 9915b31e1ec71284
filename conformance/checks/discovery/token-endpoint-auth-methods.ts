import { metadataParameterCheck } from './metadata-parameter.js';

export const tokenEndpointAuthMethods = metadataParameterCheck({
  id: 'token-endpoint-auth-methods',
  title: 'Client authentication is none (clients are public), with private_key_jwt beside it where the operator allows it',
  parameter: 'token_endpoint_auth_methods_supported',
  expected: ['none'],
  alternative: { values: ['none', 'private_key_jwt'], why: 'for metadata-document clients such as ChatGPT, the operator\'s choice' },
});
