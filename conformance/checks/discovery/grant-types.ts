import { metadataParameterCheck } from './metadata-parameter.js';

export const grantTypes = metadataParameterCheck({
  id: 'grant-types',
  title: 'The grant types are authorization_code and refresh_token',
  parameter: 'grant_types_supported',
  expected: ['authorization_code', 'refresh_token'],
  alternative: {
    values: ['authorization_code', 'refresh_token', 'urn:ietf:params:oauth:grant-type:jwt-bearer'],
    why: "with the ID-JAG grant of enterprise-managed authorization, where the operator turned it on",
  },
});
