import { fail, type Check } from '../../check.js';
import { expectToolErrorInEachEra } from './tool-error.js';

const PREFIX = 'validation failed: ';

/** Section 7.2 rule 3: the validation-failed text, then a reason, which names the argument refused. */
function judgeReason(argument: string) {
  return (message: string, era: string): void => {
    if (!message.startsWith(PREFIX)) fail(`${era}: the message "${message}" must begin "${PREFIX}" followed by the reason`);
    const reason = message.slice(PREFIX.length).trim();
    if (reason === '') fail(`${era}: the message "${message}" has no reason after "${PREFIX}"`);
    if (!reason.includes(argument)) fail(`${era}: the reason "${reason}" does not name the argument '${argument}' it refuses`);
  };
}

export const toolErrorValidation: Check = {
  id: 'tool-error-validation',
  group: 'tool-errors',
  title: 'An argument the tool rejects (over its maximum, under its minimum) gets a tool error "validation failed: " followed by a reason naming it, in each era offered',
  spec: 'section 7.2 rules 1-3',
  level: 'MUST',
  era: 'any',
  needsSignIn: true,
  async run(ctx) {
    // Read-only on purpose: a conformance run must not change a deployment's surveys.
    const over = await expectToolErrorInEachEra(ctx, 'list_surveys', { limit: 1000 }, 'list_surveys with limit 1000 (max 100)', judgeReason('limit'));
    const under = await expectToolErrorInEachEra(ctx, 'list_surveys', { limit: 0 }, 'list_surveys with limit 0 (min 1)', judgeReason('limit'));
    return `${over}; ${under}`;
  },
};
