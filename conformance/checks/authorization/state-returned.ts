import { fail, type Check } from '../../check.js';
import { cite } from '../../http.js';

export const stateReturned: Check = {
  id: 'state-returned',
  group: 'authorization',
  title: 'The authorization response returns state byte for byte',
  spec: 'section 5.3 (RFC 6749 section 4.1.2)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { pending, callback, walk } = await ctx.session();
    cite(...walk.slice(-1));
    const returned = callback.searchParams.get('state');
    if (returned === null) fail(`the redirect to ${callback.origin}${callback.pathname} carries no state`);
    if (returned !== pending.state) fail(`state came back as ${JSON.stringify(returned)}, sent ${JSON.stringify(pending.state)}`);
    return `state ${JSON.stringify(returned)} returned unchanged`;
  },
};
