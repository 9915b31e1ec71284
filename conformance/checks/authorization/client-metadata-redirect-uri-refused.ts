import { type Check } from '../../check.js';
import { documentUrlOf, expectErrorPage } from './client-metadata-refusal.js';

export const clientMetadataRedirectUriRefused: Check = {
  id: 'client-metadata-redirect-uri-refused',
  group: 'authorization',
  title: "A metadata-document client asking to be answered at a redirect URI its document does not list gets an error page",
  spec: 'draft-ietf-oauth-client-id-metadata-document section 4.5 (Redirect URL Registration: exact match against the document\'s redirect_uris); RFC 9700 section 2.1',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const client = await ctx.metadataClient(documentUrlOf(ctx));
    const unlisted = new URL(client.redirectUri);
    unlisted.pathname = '/not-in-the-document';
    const { url } = await client.beginAuthorization({ redirect_uri: unlisted.toString() });
    const status = await expectErrorPage(ctx, url, `the unlisted redirect URI ${unlisted.toString()}`);
    return `HTTP ${status} error page for ${unlisted.toString()}, which the document does not list`;
  },
};
