import { fail, type Check } from '../../check.js';
import { expectJsonObject, expectStatus } from '../../expect.js';
import { cite } from '../../http.js';
import { registerPolitely } from '../../registration.js';

export const registrationIdempotent: Check = {
  id: 'registration-idempotent',
  group: 'registration',
  title: 'Registering again with the same name, redirect URIs and scope returns the same client_id',
  spec: 'section 2.1 rule 1',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const first = await ctx.registration();
    cite(first.exchange);
    const firstId = expectJsonObject(first.exchange, 'the first POST /register')['client_id'];
    const again = await registerPolitely(ctx, first.request);
    expectStatus(again, [200, 201], 'the repeated POST /register');
    const againId = expectJsonObject(again, 'the repeated POST /register')['client_id'];
    if (againId !== firstId) {
      fail(`the repeated POST /register returned client_id ${JSON.stringify(againId)}, the first one ${JSON.stringify(firstId)}`);
    }
    return `both registrations returned client_id "${String(firstId)}"`;
  },
};
