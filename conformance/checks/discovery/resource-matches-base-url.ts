import { fail, type Check } from '../../check.js';
import { metadataOf } from './documents.js';

export const resourceMatchesBaseUrl: Check = {
  id: 'resource-matches-base-url',
  group: 'discovery',
  title: 'The protected resource is the address the client used, byte for byte',
  spec: 'RFC 9728 section 3.3; field notes: MCP host (resource without a trailing slash)',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const resource = (await metadataOf(ctx, 'protected-resource'))['resource'];
    // Some clients compare the string they connected with to this one, without normalising.
    if (resource !== ctx.target.baseUrl) {
      fail(`"resource" is ${JSON.stringify(resource)}, the client used "${ctx.target.baseUrl}"`);
    }
    return `"resource" is "${ctx.target.baseUrl}", as the client wrote it`;
  },
};
