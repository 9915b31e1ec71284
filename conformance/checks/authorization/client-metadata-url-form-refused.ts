import { type Check } from '../../check.js';
import { documentUrlOf, expectErrorPage } from './client-metadata-refusal.js';

/** The document's URL broken one rule of the draft's section 3 at a time. */
function forbiddenForms(documentUrl: string): readonly (readonly [string, string])[] {
  const url = new URL(documentUrl);
  const path = url.pathname.replace(/\/([^/]*)$/, '/./$1');
  const upAndBack = url.pathname.replace(/\/([^/]*)$/, '/conformance/../$1');
  return [
    ['an http client_id', documentUrl.replace(/^https:/, 'http:')],
    // The exemption a development setting leaves in: http allowed on a loopback host.
    ['an http client_id on a loopback host', `http://localhost${url.pathname}${url.search}`],
    ['a client_id with a fragment', `${documentUrl}#conformance`],
    ['a client_id with a dot segment', `${url.origin}${path}${url.search}`],
    ['a client_id with a double-dot segment', `${url.origin}${upAndBack}${url.search}`],
    ['a client_id with a user and password', documentUrl.replace(/^https:\/\//, 'https://conformance:secret@')],
    ['a client_id with a user alone', documentUrl.replace(/^https:\/\//, 'https://conformance@')],
  ];
}

export const clientMetadataUrlFormRefused: Check = {
  id: 'client-metadata-url-form-refused',
  group: 'authorization',
  title: 'A client_id URL that is not https (on a loopback host too), or has a fragment, a dot segment or a user (with or without a password), gets an error page',
  spec: 'draft-ietf-oauth-client-id-metadata-document section 3 (Client Identifier: MUST https, MUST NOT dot segments, fragment, username or password); RFC 6749 section 4.1.2.1',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const documentUrl = documentUrlOf(ctx);
    const client = await ctx.metadataClient(documentUrl);
    const pages: string[] = [];
    for (const [what, clientId] of forbiddenForms(documentUrl)) {
      const { url } = await client.beginAuthorization();
      url.searchParams.set('client_id', clientId);
      pages.push(`HTTP ${await expectErrorPage(ctx, url, `${what} (${clientId})`)} for ${what}`);
    }
    return pages.join('; ');
  },
};
