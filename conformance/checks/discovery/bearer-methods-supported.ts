import { fail, type Check } from '../../check.js';

const BEARER_METHODS = ['header', 'body', 'query'];

export const bearerMethodsSupported: Check = {
  id: 'bearer-methods-supported',
  group: 'discovery',
  title: 'bearer_methods_supported, when published, is a list of header, body or query',
  spec: 'RFC 9728 section 2 (bearer_methods_supported: the RFC 6750 methods); authprobe PRM_BEARER_METHODS_INVALID',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const { json } = await ctx.document('protected-resource');
    if (!json) fail('the protected-resource metadata is not a JSON object');
    const methods = json['bearer_methods_supported'];
    if (methods === undefined) return 'bearer_methods_supported is not published';
    if (!Array.isArray(methods)) fail(`"bearer_methods_supported" is ${JSON.stringify(methods)}, not a list`);
    const unknown = methods.filter((method) => !BEARER_METHODS.includes(method as string));
    if (unknown.length > 0) fail(`"bearer_methods_supported" names ${JSON.stringify(unknown)}: not an RFC 6750 method (header, body, query)`);
    return `bearer_methods_supported ${JSON.stringify(methods)}`;
  },
};
