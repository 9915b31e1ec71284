import { metadataParameterCheck } from './metadata-parameter.js';

export const responseTypes = metadataParameterCheck({
  id: 'response-types',
  title: 'The only response type is code',
  parameter: 'response_types_supported',
  expected: ['code'],
});
