import { metadataParameterCheck } from './metadata-parameter.js';

export const grantTypes = metadataParameterCheck({
  id: 'grant-types',
  title: 'The grant types are authorization_code and refresh_token',
  parameter: 'grant_types_supported',
  expected: ['authorization_code', 'refresh_token'],
});
