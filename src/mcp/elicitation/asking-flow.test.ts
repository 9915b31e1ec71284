import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.js';
import type { Platform } from '../../platform/index.js';
import type { ConfirmableCall } from '../tool.js';
import type { PersonAsker } from './asker.js';
import { askingFlow } from './asking-flow.js';
import type { AskOutcome } from './questions.js';

const summary = 'Deleting question 1 "Why?" from survey "Scratch" cannot be undone.';

/** A confirmable call whose platform only says it needs confirmation, and counts the runs. */
function deleteCall(): ConfirmableCall & { readonly runs: () => number } {
  let runs = 0;
  const platform = { confirmationNeeded: async () => ({ surveyId: 'srv_1', summary }) } as unknown as Platform;
  return {
    tool: 'delete_question',
    operation: 'deleteQuestion',
    args: { question_id: 'qst_1' },
    confirmationToken: undefined,
    userId: 'usr_1',
    clientId: 'client',
    platform,
    clock: new ManualClock(0),
    runs: () => runs,
    async run() {
      runs++;
      return { content: [] };
    },
  };
}

const answering = (outcome: Exclude<AskOutcome, { refused: string }>): PersonAsker => ({ deadlineMs: 50_000, ask: async () => outcome });
const error = (result: CallToolResult) => JSON.parse((result.content[0] as { text: string }).text).error as string;

describe('the 2025-11-25 asking flow', () => {
  it('says why nothing changed when no answer came, and runs nothing', async () => {
    const cases = [
      ['deadline', 'not confirmed: the person did not answer within 50 seconds, so nothing changed. Call delete_question again to ask again.'],
      ['gone', 'not confirmed: the client hung up before the person answered, so nothing changed. Call delete_question again to ask again.'],
      ['no-turn', 'not confirmed: the person answered, but too many of their requests were running to apply it, so nothing changed. Call delete_question again to ask again.'],
    ] as const;
    for (const [unanswered, message] of cases) {
      const call = deleteCall();
      const result = await askingFlow(answering({ unanswered }))(call);
      expect((result as CallToolResult).isError).toBe(true);
      expect(error(result as CallToolResult)).toBe(message);
      expect(call.runs()).toBe(0);
    }
  });

  it('answers a declined call as complete and unchanged, and runs nothing', async () => {
    const call = deleteCall();
    const result = (await askingFlow(answering({ answered: { action: 'decline' } }))(call)) as CallToolResult;
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({ changed: false, confirmed: false });
    expect(call.runs()).toBe(0);
  });
});
