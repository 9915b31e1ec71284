import { metadataParameterCheck } from './metadata-parameter.js';

export const scopesSupported = metadataParameterCheck({
  id: 'scopes-supported',
  title: 'The only scope is mcp_customer',
  parameter: 'scopes_supported',
  expected: ['mcp_customer'],
});
