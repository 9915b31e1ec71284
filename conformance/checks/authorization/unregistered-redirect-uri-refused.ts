import { fail, skip, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';

export const unregisteredRedirectUriRefused: Check = {
  id: 'unregistered-redirect-uri-refused',
  group: 'authorization',
  title: 'An unregistered redirect URI gets an error page, never a redirect',
  spec: 'field notes: authorization endpoint (OAuth 2.1 section 4.1.1; no open redirect)',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const client = await ctx.client();
    const unregistered = new URL(client.redirectUri);
    unregistered.pathname = '/not-registered';
    const { url } = await client.beginAuthorization({ redirect_uri: unregistered.toString() });
    const outcome = await ctx.probe(url);
    switch (outcome.kind) {
      case 'sign-in-required':
        skip('the deployment asks for a sign-in before judging the redirect URI; run headless (--user/--password)');
      case 'callback':
        fail(`the deployment redirected to the unregistered ${unregistered.toString()}: an open redirect`);
      case 'page':
        if (outcome.exchange.response.status < 400) {
          fail(`expected an error page for the unregistered redirect URI, got ${describeResponse(outcome.exchange)}`);
        }
        return `HTTP ${outcome.exchange.response.status} error page for ${unregistered.toString()}`;
    }
  },
};
