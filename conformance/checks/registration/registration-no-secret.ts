import { fail, type Check } from '../../check.js';
import { expectJsonObject } from '../../expect.js';
import { cite } from '../../http.js';

export const registrationNoSecret: Check = {
  id: 'registration-no-secret',
  group: 'registration',
  title: 'Registration never issues a client secret',
  spec: 'section 2.1; section 5.1 rule 2',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const { exchange } = await ctx.registration();
    cite(exchange);
    const record = expectJsonObject(exchange, 'POST /register');
    if ('client_secret' in record) fail('POST /register: the client record carries a "client_secret"');
    return 'no "client_secret" in the client record';
  },
};
