import { fail, type Check } from '../../check.js';
import { expectJsonObject } from '../../expect.js';
import { cite } from '../../http.js';

export const registrationClientIdNotUrl: Check = {
  id: 'registration-client-id-not-url',
  group: 'registration',
  title: 'A client_id the deployment generates does not start with https://, so it cannot pass for a metadata document URL',
  spec: 'draft-ietf-oauth-client-id-metadata-document section 6.9 (Server Generated Client IDs)',
  level: 'SHOULD',
  needsSignIn: false,
  async run(ctx) {
    const { exchange } = await ctx.registration();
    cite(exchange);
    const clientId = expectJsonObject(exchange, 'POST /register')['client_id'];
    if (typeof clientId === 'string' && clientId.toLowerCase().startsWith('https://')) {
      fail(`POST /register issued client_id "${clientId}", which reads as the URL of a client metadata document another client could publish`);
    }
    return `client_id ${JSON.stringify(clientId)} is no https URL`;
  },
};
