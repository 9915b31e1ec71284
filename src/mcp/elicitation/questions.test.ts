import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { PersonQuestions } from './questions.js';
import { inProcessElicitationShare } from './share.js';

const params = { mode: 'form' as const, message: 'Delete it?', requestedSchema: { type: 'object' as const, properties: { confirm: { type: 'boolean' as const } } } };

async function asking(options: { deadlineMs?: number; gone?: AbortSignal } = {}) {
  const questions = await PersonQuestions.over(inProcessElicitationShare());
  const sent: JSONRPCMessage[] = [];
  const outcome = questions.ask(params, { owner: 'ann', send: (request) => sent.push(request), deadlineMs: options.deadlineMs ?? 60_000, gone: options.gone });
  const route = (sent[0] as { id?: string } | undefined)?.id;
  return { questions, sent, outcome, route: route! };
}

describe('questions put to a person', () => {
  it('sends elicitation/create under an unguessable route and settles with the owner’s answer', async () => {
    const { questions, sent, outcome, route } = await asking();
    expect(sent).toEqual([{ jsonrpc: '2.0', id: expect.stringMatching(/^confirm-[0-9a-f-]{36}$/), method: 'elicitation/create', params }]);
    await questions.answer({ jsonrpc: '2.0', id: route, result: { action: 'accept', content: { confirm: true } } }, 'ann');
    await expect(outcome).resolves.toEqual({ answered: { action: 'accept', content: { confirm: true } } });
    expect(questions.waiting).toBe(0);
  });

  it('lets nobody else answer, even with the route in hand', async () => {
    const { questions, outcome, route } = await asking({ deadlineMs: 50 });
    await questions.answer({ jsonrpc: '2.0', id: route, result: { action: 'accept', content: { confirm: true } } }, 'bob');
    await expect(outcome).resolves.toEqual({ unanswered: 'deadline' });
  });

  it('forgets the question at its deadline, and a late answer settles nothing', async () => {
    const { questions, outcome, route } = await asking({ deadlineMs: 20 });
    await expect(outcome).resolves.toEqual({ unanswered: 'deadline' });
    expect(questions.waiting).toBe(0);
    await questions.answer({ jsonrpc: '2.0', id: route, result: { action: 'accept', content: { confirm: true } } }, 'ann');
  });

  it('forgets the question when the client hangs up', async () => {
    const gone = new AbortController();
    const { questions, outcome } = await asking({ gone: gone.signal });
    gone.abort();
    await expect(outcome).resolves.toEqual({ unanswered: 'gone' });
    expect(questions.waiting).toBe(0);
  });

  it('reads an error answer or a malformed result as a client that cannot elicit', async () => {
    const first = await asking();
    await first.questions.answer({ jsonrpc: '2.0', id: first.route, error: { code: -32601, message: 'Method not found' } }, 'ann');
    await expect(first.outcome).resolves.toEqual({ refused: 'Method not found' });
    const second = await asking();
    await second.questions.answer({ jsonrpc: '2.0', id: second.route, result: { action: 'maybe' } }, 'ann');
    await expect(second.outcome).resolves.toEqual({ refused: 'an answer that is no elicitation result' });
  });
});

describe('the in-process share', () => {
  it('remembers the last initialize of a person and client until it expires', async () => {
    let now = 0;
    const share = inProcessElicitationShare(() => now);
    await share.rememberDeclared('ann', true, 1000);
    expect(await share.declared('ann')).toBe(true);
    await share.rememberDeclared('ann', false, 1000);
    expect(await share.declared('ann')).toBe(false);
    await share.rememberDeclared('ann', true, 1000);
    now = 1000;
    expect(await share.declared('ann')).toBe(false);
  });
});
