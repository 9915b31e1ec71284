import { fail, type Check } from '../../check.js';
import { expectToolError } from './tool-error.js';

export const toolErrorValidation: Check = {
  id: 'tool-error-validation',
  group: 'tool-errors',
  title: 'An argument the tool rejects gets a tool error beginning "validation failed: "',
  spec: 'section 7.2 rules 1-3',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    // Read-only on purpose: a conformance run must not change a deployment's surveys.
    const message = await expectToolError(ctx, 'list_surveys', { limit: 1000 }, 'list_surveys with limit 1000 (max 100)');
    if (!message.startsWith('validation failed: ')) {
      fail(`the message "${message}" must begin "validation failed: " followed by the reason`);
    }
    return `tool error "${message}"`;
  },
};
