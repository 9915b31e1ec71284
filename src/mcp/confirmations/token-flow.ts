import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ConfirmableCall, ConfirmationFlow } from '../tool.js';
import { toolError } from '../tool-result.js';
import { applyConfirmed, checkConfirmation, issueConfirmation } from './gate.js';

/**
 * The flow for a client that cannot ask its person (no elicitation), in either era: the first
 * call is a tool error that says what will happen and carries a `confirmation_token`; the same
 * call repeated with that token applies the change. Nothing changes without it.
 */
export const confirmationTokenFlow: ConfirmationFlow = async (call) => {
  if (call.confirmationToken !== undefined) return confirmWithToken(call, call.confirmationToken);
  const ask = await call.platform.confirmationNeeded(call.userId, call.operation, call.args);
  if (!ask) return call.run(call.platform);
  const { sealed, expiresAt } = await issueConfirmation(call, ask);
  const error =
    `confirmation required: ${ask.summary} To confirm, call ${call.tool} again with the same arguments and ` +
    `"confirmation_token": "${sealed}" within 5 minutes.`;
  return {
    content: [{ type: 'text', text: JSON.stringify({ error, confirmation_token: sealed, expires_at: new Date(expiresAt).toISOString() }) }],
    isError: true,
  };
};

async function confirmWithToken(call: ConfirmableCall, token: string): Promise<CallToolResult> {
  const checked = await checkConfirmation(call, token);
  const applied = 'problem' in checked ? checked : await applyConfirmed(call, checked.claims);
  return 'problem' in applied ? toolError(`validation failed: confirmation_token ${applied.problem}`) : applied;
}
