import { type Check, fail, notVerified, skip } from '../../check.js';
import { cite } from '../../http.js';
import { consentPageOf } from '../../sign-in.js';
import { documentUrlOf } from './client-metadata-refusal.js';
import { visibleText } from './consent-page.js';

export const clientMetadataConsentShowsHost: Check = {
  id: 'client-metadata-consent-shows-host',
  group: 'authorization',
  title: "The consent page for a metadata-document client shows the host name of its client_id",
  spec: 'draft-ietf-oauth-client-id-metadata-document section 6.4 (OAuth Phishing Attacks: SHOULD display the hostname of the client_id)',
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const documentUrl = documentUrlOf(ctx);
    const { walk } = await ctx.authorizeCode(await ctx.metadataClient(documentUrl));
    if (walk.length === 0) notVerified('with --browser the person saw the consent page, not the runner; run headless (--user/--password)');
    const page = consentPageOf(walk);
    if (!page) skip('the authorization went through without a consent form the runner could see');
    cite(page);
    const host = new URL(documentUrl).hostname;
    if (!visibleText(page.response.body).includes(host)) fail(`the consent page for client_id ${documentUrl} does not show its host ${host}`);
    return `the consent page shows ${host}`;
  },
};
