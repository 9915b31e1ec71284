import { describe, test } from 'vitest';
import { BRANCH_FAULT_CASES } from './branch-fault-cases.js';
import { PRIVATE_KEY_JWT_FAULT_CASES } from './fault-cases-private-key-jwt.js';
import { SKILLS_FAULT_CASES } from './fault-cases-skills.js';
import { SOURCE_FAULT_CASES } from './fault-cases-sources.js';
import { SURVIVOR_FAULT_CASES } from './fault-cases-survivors.js';
import { runAgainst, withFakeDeployment } from './harness.js';

// A fault in one branch must not be caught by accident elsewhere, nor hide behind another
// check's failure: against it, every other check of the group passes (but for the one warning a
// deployment that follows the contract always earns: its 404 on GET /, which strict clients reject).
const contractWarning = 'stream-get-strict-clients';
// Each case has a fake deployment of its own, and its run mostly waits out rate windows and token
// lifetimes: the cases run a few at a time (vitest's maxConcurrency), not one after another.
describe.concurrent('a deployment broken in one branch', () => {
  for (const faultCase of [...BRANCH_FAULT_CASES, ...SOURCE_FAULT_CASES, ...PRIVATE_KEY_JWT_FAULT_CASES, ...SKILLS_FAULT_CASES, ...SURVIVOR_FAULT_CASES]) {
    test(`that ${faultCase.deployment} fails ${faultCase.check} and no other ${faultCase.group} check`, async ({ expect }) => {
      const report = await withFakeDeployment(faultCase.fake, (fake) =>
        runAgainst(fake, { ...faultCase.run, only: [faultCase.group] }),
      );
      const caught = report.results.filter(
        (result) =>
          (result.status === 'fail' || (result.status === 'warn' && result.id !== contractWarning)) &&
          !faultCase.mayAlsoFail?.includes(result.id),
      );
      const account = caught.map((result) => `${result.id}: ${result.message}`).join('\n');
      expect(caught.map((result) => result.id), account).toEqual([faultCase.check]);
      expect(caught[0]?.message).toMatch(faultCase.reason);
    }, 60_000);
  }
});
