import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import type { PersonAsker } from './asker.js';
import { confirmByAsking, confirmRequest, type PendingConfirmation } from './confirm-by-asking.js';
import type { AskOutcome } from './questions.js';

const text = (result: CallToolResult) => (result.content[0] as { text: string }).text;

function pending(): PendingConfirmation & { readonly applied: () => number } {
  let applied = 0;
  return {
    tool: 'delete_question',
    summary: 'Deleting question 1 "Why?" cannot be undone.',
    applied: () => applied,
    async confirmed() {
      applied++;
      return { content: [{ type: 'text', text: 'applied' }] };
    },
    notConfirmed: async () => ({ content: [{ type: 'text', text: 'nothing changed' }] }),
    tokenError: () => ({ content: [{ type: 'text', text: 'token' }], isError: true }),
  };
}

const asking = (outcome: Exclude<AskOutcome, { refused: string }> | undefined): PersonAsker & { asked: unknown[] } => {
  const asked: unknown[] = [];
  return { deadlineMs: 120_000, asked, ask: async (params) => (asked.push(params), outcome) };
};

describe('confirming a 2025-11-25 call by asking the person', () => {
  it('asks with the summary and one Confirm box, and applies the change on Confirm', async () => {
    const call = pending();
    const asker = asking({ answered: { action: 'accept', content: { confirm: true } } });
    expect(text(await confirmByAsking(asker, call))).toBe('applied');
    expect(asker.asked).toEqual([confirmRequest('Deleting question 1 "Why?" cannot be undone.')]);
    expect(call.applied()).toBe(1);
  });

  it('changes nothing on decline, cancel or an unticked box', async () => {
    for (const answered of [{ action: 'decline' }, { action: 'cancel' }, { action: 'accept', content: { confirm: false } }] as const) {
      const call = pending();
      expect(text(await confirmByAsking(asking({ answered }), call))).toBe('nothing changed');
      expect(call.applied()).toBe(0);
    }
  });

  it('answers the token flow where the client cannot be asked', async () => {
    const call = pending();
    expect(text(await confirmByAsking(undefined, call))).toBe('token');
    expect(text(await confirmByAsking(asking(undefined), call))).toBe('token');
    expect(call.applied()).toBe(0);
  });

  it('explains a question left unanswered, and changes nothing', async () => {
    const call = pending();
    const result = await confirmByAsking(asking({ unanswered: 'deadline' }), call);
    expect(result.isError).toBe(true);
    expect(JSON.parse(text(result))).toEqual({
      error: 'not confirmed: the person did not answer within 2 minutes, so nothing changed. Call delete_question again to ask again.',
    });
    expect(call.applied()).toBe(0);
  });
});
