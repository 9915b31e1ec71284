import { randomUUID } from 'node:crypto';
import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { jsonOf } from '../../http.js';
import { isObject } from '../../mcp.js';
import { expectInvalidGrant, idJagRun, mintIdJag, redeem } from './id-jag.js';

/**
 * Every other ID-JAG of the run names the run's own person, whom the deployment serves. This one
 * names a person it has no account for, at a domain that cannot exist: the refusal path of the
 * person match, where a server that reads the person of a refusal fails with a 5xx. A deployment
 * that provisions accounts from grants may issue a token instead (an account for that address).
 */
export const idJagUnknownPersonRefused: Check = {
  id: 'id-jag-unknown-person-refused',
  group: 'id-jag',
  title: 'An ID-JAG for a person the deployment has no account for is refused with invalid_grant (or provisions one), never a 5xx',
  spec: 'RFC 7521 section 4.1.1 and RFC 6749 section 5.2: a grant that cannot be honoured gets invalid_grant at 400; the draft section 4.4: the server maps the subject to its own accounts',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const run = await idJagRun(ctx);
    const stranger = `runner-${randomUUID()}`;
    const email = `${stranger}@conformance.invalid`;
    const redeemed = await redeem(run, await mintIdJag(run, { claims: { sub: stranger, email } }));
    const what = `an ID-JAG for ${email} (sub ${stranger}), a person the deployment has no account for`;
    if (redeemed.response.status === 200) {
      const body = jsonOf(redeemed);
      if (!isObject(body) || typeof body['access_token'] !== 'string') fail(`${what}: HTTP 200 without an access_token, got ${describeResponse(redeemed)}`);
      return `${what}: a token was issued (the deployment provisions accounts from grants)`;
    }
    return `${what}: ${expectInvalidGrant(redeemed, what)}`;
  },
};
