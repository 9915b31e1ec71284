import { type Check } from '../../check.js';
import { expectErrorBody } from '../../expect.js';
import { cite } from '../../http.js';
import { codeReplay } from './experiments.js';

export const codeSingleUse: Check = {
  id: 'code-single-use',
  group: 'authorization',
  title: 'An authorization code is redeemed once; a second redemption gets invalid_grant',
  spec: 'section 5.3 (OAuth 2.1 section 4.1.3)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { replay } = await codeReplay(ctx);
    cite(replay);
    expectErrorBody(replay, 400, 'invalid_grant', 'redeeming the same code a second time');
    return 'the second redemption got 400 invalid_grant';
  },
};
