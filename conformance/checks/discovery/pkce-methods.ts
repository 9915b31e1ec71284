import { metadataParameterCheck } from './metadata-parameter.js';

export const pkceMethods = metadataParameterCheck({
  id: 'pkce-methods',
  title: 'The PKCE methods are S256 and plain',
  parameter: 'code_challenge_methods_supported',
  expected: ['S256', 'plain'],
});
