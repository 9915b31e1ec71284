import { fail, type Check } from '../../check.js';
import { registrationRequest } from '../../client.js';
import { expectJsonObject } from '../../expect.js';
import { cite } from '../../http.js';
import { registerPolitely } from '../../registration.js';

/** A web client's redirect: a deployment that derives client_ids from redirect URIs shows it with this one. */
const WEB_REDIRECT = 'https://client.example/oauth/callback';

export const registrationClientIdNotUrl: Check = {
  id: 'registration-client-id-not-url',
  group: 'registration',
  title: 'A client_id the deployment generates does not start with https://, for a native client or one with an https redirect URI, so it cannot pass for a metadata document URL',
  spec: 'draft-ietf-oauth-client-id-metadata-document section 6.9 (Server Generated Client IDs)',
  level: 'SHOULD',
  needsSignIn: false,
  async run(ctx) {
    const { exchange: native } = await ctx.registration();
    const web = await registerPolitely(ctx, registrationRequest('survey-mcp conformance (web redirect)', [WEB_REDIRECT]));
    const issued: string[] = [];
    for (const [exchange, which] of [[native, 'a native client'], [web, `a client with redirect URI ${WEB_REDIRECT}`]] as const) {
      cite(exchange);
      const clientId = expectJsonObject(exchange, `POST /register for ${which}`)['client_id'];
      if (typeof clientId === 'string' && clientId.toLowerCase().startsWith('https://')) {
        fail(`POST /register for ${which} issued client_id "${clientId}", which reads as the URL of a client metadata document another client could publish`);
      }
      issued.push(JSON.stringify(clientId));
    }
    return `client_ids ${issued.join(' and ')} are no https URLs`;
  },
};
