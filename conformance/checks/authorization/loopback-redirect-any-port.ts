import { type Check, fail, notVerified } from '../../check.js';
import { describeResponse } from '../../expect.js';

export const loopbackRedirectAnyPort: Check = {
  id: 'loopback-redirect-any-port',
  group: 'authorization',
  title: 'A loopback redirect URI matches on any port',
  spec: 'field notes: authorization endpoint (RFC 8252 section 7.3)',
  level: 'SHOULD',
  needsSignIn: false,
  async run(ctx) {
    const client = await ctx.client();
    const moved = new URL(client.redirectUri);
    moved.port = moved.port === '43211' ? '43212' : '43211';
    const { url } = await client.beginAuthorization({ redirect_uri: moved.toString() });
    const outcome = await ctx.probe(url);
    switch (outcome.kind) {
      case 'sign-in-required':
        notVerified('the deployment asks for a sign-in before judging the redirect URI; run headless (--user/--password)');
      case 'page':
        fail(`the registered ${client.redirectUri} on port ${moved.port} was refused: ${describeResponse(outcome.exchange)}`);
      case 'callback': {
        const error = outcome.url.searchParams.get('error');
        if (error) fail(`the registered ${client.redirectUri} on port ${moved.port} was refused with error "${error}"`);
        return `a code was sent to ${moved.origin}${moved.pathname}`;
      }
    }
  },
};
