import { isDeepStrictEqual } from 'node:util';
import { fail, type Check } from '../../check.js';
import { expectJsonObject, expectStatus } from '../../expect.js';
import { cite } from '../../http.js';
import { registerPolitely } from '../../registration.js';

export const registrationIdempotent: Check = {
  id: 'registration-idempotent',
  group: 'registration',
  title: 'Registering again with the same name, redirect URIs and scope returns the same client_id and record',
  spec: 'section 2.1 rule 1; field notes: registration (the same body)',
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
    // The same record, not a new one under the old id: the field notes ask for the same body.
    const firstRecord = expectJsonObject(first.exchange, 'the first POST /register');
    const againRecord = expectJsonObject(again, 'the repeated POST /register');
    const keys = [...new Set([...Object.keys(firstRecord), ...Object.keys(againRecord)])];
    const changed = keys.filter((key) => !isDeepStrictEqual(firstRecord[key], againRecord[key]));
    if (changed.length > 0) {
      fail(`the repeated POST /register returned the same client_id but a different record: ${changed.map((key) => `"${key}" ${JSON.stringify(firstRecord[key])} became ${JSON.stringify(againRecord[key])}`).join('; ')}`);
    }
    return `both registrations returned the same record, client_id "${String(firstId)}"`;
  },
};
