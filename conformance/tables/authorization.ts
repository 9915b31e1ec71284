import { fail, skip } from '../check.js';
import type { OAuthClient } from '../client.js';
import { errorPageProblem } from '../checks/authorization/redirect-refusal.js';
import { omit, replace, valueOf, type Baseline, type Row, type Table } from './table.js';

/** A fresh authorization request of the variant's client (new state and PKCE pair), as query fields. */
export interface AuthorizationBaseline extends Baseline {
  readonly client: OAuthClient;
  readonly endpoint: string;
}

/** The loopback redirect under its other name: 127.0.0.1 for localhost and back (RFC 8252 section 7.3 compares them as strings). */
function aliased(redirectUri: string): string {
  const url = new URL(redirectUri);
  url.hostname = url.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  return url.toString();
}

/** The authorization endpoint: PKCE and the redirect URI, which no client kind may get round. */
export const AUTHORIZATION_TABLE: Table<AuthorizationBaseline> = {
  endpoint: 'authorize',
  group: 'authorization',
  title: () => 'an authorization request',
  binds: ['client'],
  needsSignIn: false,
  async baseline(ctx, kind, variant) {
    const client = await kind.client(ctx);
    const { url } = await client.beginAuthorization();
    return { ctx, kind, variant, client, endpoint: `${url.origin}${url.pathname}`, pairs: [...url.searchParams] };
  },
  async judge({ ctx, endpoint }, pairs, cell, what) {
    const url = new URL(endpoint);
    for (const [name, value] of pairs) url.searchParams.append(name, value);
    const outcome = await ctx.probe(url);
    if (outcome.kind === 'sign-in-required') skip(`the deployment asks for a sign-in before judging ${what}; run headless (--user/--password)`);
    if (outcome.kind === 'page') {
      const problem = errorPageProblem(outcome.exchange, what);
      if (problem) fail(problem);
      return `${what}: HTTP ${outcome.exchange.response.status} error page`;
    }
    const error = outcome.url.searchParams.get('error');
    const where = `${outcome.url.origin}${outcome.url.pathname}`;
    if (cell.expect.kind === 'error-page') {
      fail(`${what}: the deployment redirected to ${where}${error ? ` (with error "${error}")` : ' with a code'}, a URI the client never registered; expected an error page`);
    }
    if (outcome.url.hash.includes('access_token=')) fail(`${what}: the deployment issued an access token in the fragment of its redirect to ${where}`);
    if (!error) fail(`${what}: the deployment issued a code and redirected to ${where}`);
    return `${what}: refused with a redirect carrying error "${error}"`;
  },
  rows: [
    {
      parameter: 'code_challenge',
      cells: [
        {
          mutation: 'omitted',
          // PKCE is one parameter pair: without a challenge its method means nothing.
          change: async ({ pairs }) => omit(omit(pairs, 'code_challenge'), 'code_challenge_method'),
          expect: { kind: 'no-code' },
          rules: ['oauth21-4.1.1-pkce', 'rfc7636-4.4.1-required'],
          consumes: 'nothing',
          knownAs: 'pkce-required',
        },
        {
          mutation: 'empty',
          // Empty is omitted (RFC 6749 section 3.2): a falsy test that skips PKCE for it opens the downgrade PKCE closes.
          change: async ({ pairs }) => replace(pairs, 'code_challenge', ''),
          expect: { kind: 'no-code' },
          rules: ['rfc7636-4.4.1-required', 'rfc9700-4.8.2-mitigate'],
          consumes: 'nothing',
        },
      ],
    },
    {
      parameter: 'redirect_uri',
      cells: [
        {
          mutation: 'extended-path',
          change: async ({ pairs }) => replace(pairs, 'redirect_uri', `${valueOf(pairs, 'redirect_uri')}/extra`),
          expect: { kind: 'error-page' },
          rules: ['oauth21-4.1.1-exact-redirect'],
          axisRules: { client: { 'cimd-public': ['cimd-4.5-exact-redirect'], 'cimd-jwt': ['cimd-4.5-exact-redirect'] } },
          consumes: 'nothing',
        },
        {
          mutation: 'loopback-alias',
          change: async ({ pairs }) => replace(pairs, 'redirect_uri', aliased(valueOf(pairs, 'redirect_uri'))),
          expect: { kind: 'error-page' },
          rules: ['oauth21-4.1.1-exact-redirect'],
          axisRules: { client: { 'cimd-public': ['mcp-2025-11-25-cimd-as', 'cimd-4.5-exact-redirect'], 'cimd-jwt': ['mcp-2025-11-25-cimd-as', 'cimd-4.5-exact-redirect'] } },
          consumes: 'nothing',
        },
      ],
    },
    {
      parameter: 'response_type',
      cells: [
        {
          // The implicit grant, which a deployment may still wire up for one client kind.
          mutation: 'other-value',
          change: async ({ pairs }) => replace(pairs, 'response_type', 'token'),
          expect: { kind: 'no-code' },
          rules: ['rfc9700-2.1.2-no-implicit'],
          level: 'SHOULD',
          consumes: 'nothing',
        },
      ],
    },
  ] satisfies Row<AuthorizationBaseline>[],
};
