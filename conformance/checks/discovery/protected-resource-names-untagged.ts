import { fail, type Check } from '../../check.js';
import { metadataOf } from './documents.js';

export const protectedResourceNamesUntagged: Check = {
  id: 'protected-resource-names-untagged',
  group: 'discovery',
  title: 'Each language-tagged protected-resource field (resource_name#fr) has an untagged one beside it',
  spec: 'RFC 9728 section 2.1 (human-readable resource metadata)',
  level: 'SHOULD',
  needsSignIn: false,
  async run(ctx) {
    const json = await metadataOf(ctx, 'protected-resource');
    const tagged = Object.keys(json).filter((name) => name.includes('#'));
    // A client that knows none of the languages falls back to the untagged value.
    const orphans = tagged.filter((name) => json[name.slice(0, name.indexOf('#'))] === undefined);
    if (orphans.length > 0) {
      fail(`${orphans.map((name) => `"${name}"`).join(', ')} without ${[...new Set(orphans.map((name) => `"${name.slice(0, name.indexOf('#'))}"`))].join(', ')}: a client in another language has nothing to show`);
    }
    return tagged.length === 0 ? 'no language-tagged fields' : `${tagged.join(', ')}, each beside its untagged field`;
  },
};
