import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ConfirmationAsk } from '../../platform/index.js';
import type { ConfirmableCall, ConfirmationFlow } from '../tool.js';
import { toolError } from '../tool-result.js';
import { applyConfirmed, checkConfirmation, issueConfirmation, pageOf, usedAlready, type Era } from './gate.js';

/**
 * The flow for a client that cannot ask its person by form, in either era: the first call is a
 * tool error that says what will happen, with a link to our confirmation page and a
 * `confirmation_token`. The person confirms on the page, signed in; only then does the same call
 * repeated with the token apply the change. The assistant alone confirms nothing.
 */
export const confirmationTokenFlow =
  (era: Era): ConfirmationFlow =>
  async (call) => {
    if (call.confirmationToken !== undefined) return confirmWithToken(call, call.confirmationToken, era);
    const ask = await call.platform.confirmationNeeded(call.userId, call.operation, call.args);
    return ask ? askByLink(call, ask, era) : call.run(call.platform);
  };

async function askByLink(call: ConfirmableCall, ask: ConfirmationAsk, era: Era, before = ''): Promise<CallToolResult> {
  const { sealed, expiresAt } = await issueConfirmation(call, ask, 'link', era);
  return confirmationRequired(call, `${before}${ask.summary}`, sealed, expiresAt);
}

/** The tool error that asks: what will happen, where the person confirms it, and the token the repeated call carries. */
function confirmationRequired(call: ConfirmableCall, said: string, sealed: string, expiresAt: number): CallToolResult {
  const page = pageOf(call, sealed);
  const error =
    `confirmation required: ${said} The person confirms it themselves, signed in, at ${page ?? "this server's confirmation page"}; ` +
    `once they have, call ${call.tool} again with the same arguments and "confirmation_token": "${sealed}" within 5 minutes.`;
  const payload = { error, confirmation_token: sealed, ...(page ? { confirm_url: page } : {}), expires_at: new Date(expiresAt).toISOString() };
  return { content: [{ type: 'text', text: JSON.stringify(payload) }], isError: true };
}

async function confirmWithToken(call: ConfirmableCall, token: string, era: Era): Promise<CallToolResult> {
  const checked = await checkConfirmation(call, token, ['link'], era);
  if ('problem' in checked) return toolError(`validation failed: confirmation_token ${checked.problem}`);
  const { claims } = checked;
  const status = await call.platform.confirmationStatus(claims.id);
  if (status.used) return toolError(`validation failed: confirmation_token ${usedAlready}`);
  if (!status.approved) return confirmationRequired(call, `the person has not confirmed yet. ${claims.summary}`, token, claims.expiresAt);
  const applied = await applyConfirmed(call, claims);
  if ('changed' in applied) return askByLink(call, applied.changed, era, 'what the person confirmed has changed since, so they must confirm again. ');
  return 'problem' in applied ? toolError(`validation failed: confirmation_token ${applied.problem}`) : applied.applied;
}
