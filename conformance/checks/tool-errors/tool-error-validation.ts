import { fail, type Check } from '../../check.js';
import { expectToolErrorInEachEra } from './tool-error.js';

export const toolErrorValidation: Check = {
  id: 'tool-error-validation',
  group: 'tool-errors',
  title: 'An argument the tool rejects gets a tool error beginning "validation failed: ", in each era offered',
  spec: 'section 7.2 rules 1-3',
  level: 'MUST',
  era: 'any',
  needsSignIn: true,
  async run(ctx) {
    // Read-only on purpose: a conformance run must not change a deployment's surveys.
    return expectToolErrorInEachEra(ctx, 'list_surveys', { limit: 1000 }, 'list_surveys with limit 1000 (max 100)', (message, era) => {
      if (!message.startsWith('validation failed: ')) fail(`${era}: the message "${message}" must begin "validation failed: " followed by the reason`);
    });
  },
};
