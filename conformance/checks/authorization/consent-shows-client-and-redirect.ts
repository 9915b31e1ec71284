import { fail, type Check } from '../../check.js';
import { registrationRequest } from '../../client.js';
import type { CheckContext } from '../../context.js';
import { expectJsonObject } from '../../expect.js';
import { cite } from '../../http.js';
import { registerPolitely } from '../../registration.js';
import { consentPageOf } from '../../sign-in.js';
import { consentPage, visibleText } from './consent-page.js';

/** The full URI, or at least its host and port: what tells a person where the code goes. */
function showsDestination(text: string, destination: URL): boolean {
  return text.includes(destination.toString()) || text.includes(destination.host);
}

/**
 * A client registered with another redirect URI first (another port) asks for the run's own: its
 * consent page must name the requested one, where a page showing the client's first registered
 * URI names the other.
 */
async function requestedDestinationShown(ctx: CheckContext): Promise<string> {
  const requested = new URL(ctx.signIn().redirectUri);
  const first = new URL(requested);
  first.port = String(Number(requested.port || '80') + 1);
  first.pathname = '/conformance-first-callback';
  const registration = await registerPolitely(ctx, registrationRequest('survey-mcp conformance (two redirect URIs)', [first.toString(), requested.toString()]));
  cite(registration);
  const clientId = String(expectJsonObject(registration, 'POST /register with two redirect URIs')['client_id']);
  const { walk } = await ctx.authorizeCode(await ctx.metadataClient(clientId));
  const page = consentPageOf(walk);
  if (!page) return '';
  cite(page);
  if (!showsDestination(visibleText(page.response.body), requested)) {
    fail(`a client registered with ${first.toString()} first and ${requested.toString()} second asked for ${requested.toString()}: its consent page does not show that destination`);
  }
  return `, and for a client registered with two redirect URIs the one requested`;
}

export const consentShowsClientAndRedirect: Check = {
  id: 'consent-shows-client-and-redirect',
  group: 'authorization',
  title: "The consent page shows the client's name and where this request redirects",
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
    if (!showsDestination(text, destination)) missing.push(`the redirect destination ${destination.toString()}`);
    if (missing.length > 0) fail(`the consent page does not show ${missing.join(' nor ')}`);
    return `the consent page shows "${request.client_name}" and ${destination.toString()}${await requestedDestinationShown(ctx)}`;
  },
};
