import { fail, type Check } from '../../check.js';

export const protectedResourceName: Check = {
  id: 'protected-resource-name',
  group: 'discovery',
  title: 'The protected-resource metadata names the resource for people (resource_name)',
  spec: 'RFC 9728 section 2 (resource_name: RECOMMENDED)',
  level: 'SHOULD',
  needsSignIn: false,
  async run(ctx) {
    const { json } = await ctx.document('protected-resource');
    if (!json) fail('the protected-resource metadata is not a JSON object');
    const name = json['resource_name'];
    if (typeof name !== 'string' || name.trim() === '') {
      fail(`"resource_name" is ${JSON.stringify(name)}: clients have only the URL to show people`);
    }
    return `resource_name "${name}"`;
  },
};
