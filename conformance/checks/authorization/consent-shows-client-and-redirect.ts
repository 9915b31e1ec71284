import { fail, type Check } from '../../check.js';
import { consentPage, visibleText } from './consent-page.js';

export const consentShowsClientAndRedirect: Check = {
  id: 'consent-shows-client-and-redirect',
  group: 'authorization',
  title: "The consent page shows the client's name and where it redirects",
  spec: 'section 2.1 (client_name, redirect_uris); section 5.3 step 3',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const page = await consentPage(ctx);
    const { request } = await ctx.registration();
    const text = visibleText(page.response.body);
    const destination = new URL(request.redirect_uris[0] ?? '');
    const missing: string[] = [];
    if (!text.includes(request.client_name)) missing.push(`the client's name "${request.client_name}"`);
    // The full URI, or at least its host and port: what tells a person where the code goes.
    if (!text.includes(destination.toString()) && !text.includes(destination.host)) {
      missing.push(`the redirect destination ${destination.toString()}`);
    }
    if (missing.length > 0) fail(`the consent page does not show ${missing.join(' nor ')}`);
    return `the consent page shows "${request.client_name}" and ${destination.toString()}`;
  },
};
