import type { Check } from '../../check.js';
import { expectInvalidGrant, expectIssued, idJagRun, mintIdJag, redeem } from './id-jag.js';

export const idJagJtiReplayRefused: Check = {
  id: 'id-jag-jti-replay-refused',
  group: 'id-jag',
  title: 'An ID-JAG is redeemed once: the same one again (same jti) is refused with invalid_grant',
  spec: 'RFC 7523 section 3 (7): the server may keep jti to refuse a replay; the draft section 4.4: an ID-JAG is single-use',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const run = await idJagRun(ctx);
    const grant = await mintIdJag(run);
    expectIssued(await redeem(run, grant), 'a valid ID-JAG, redeemed the first time');
    return expectInvalidGrant(await redeem(run, grant), 'the same ID-JAG (same jti) redeemed again');
  },
};
