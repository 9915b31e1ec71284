import type { Response } from 'express';
import type { FakeSurveys } from './confirmations.js';
import type { Faults } from './faults.js';
import { callTool } from './tools.js';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The answers to a 2025-era batch: the first `BATCH_RUN` calls run, the rest answered as not run
 * (as survey-mcp past its bound on a batch's answers), their jsonrpc broken by the fault.
 */
export function batchAnswers(batch: unknown[], faults: Faults, run: (message: Record<string, unknown>) => Record<string, unknown>): Record<string, unknown>[] {
  return batch.map((message, index) => {
    const id = isObject(message) ? (message['id'] ?? null) : null;
    if (!isObject(message) || typeof message['method'] !== 'string') return { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } };
    if (index < BATCH_RUN) return { jsonrpc: '2.0', id, ...run(message) };
    if (faults.pastBatchBoundMessageLost) return { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: '{}' }], isError: true } };
    return { jsonrpc: faults.unrunBatchCallsMalformed ? '' : '2.0', id, error: { code: -32603, message: 'not run: the batch outgrew its answer; send it again alone' } };
  });
}

const BATCH_RUN = 2;

/** One tools/call of a 2025-era batch, as `result` or `error`; no other method is served in a batch. */
export function batchCall(call: Record<string, unknown>, faults: Faults, surveys: FakeSurveys, userId: string, holder: string): Record<string, unknown> {
  const params = (call['params'] ?? {}) as Record<string, unknown>;
  if (call['method'] !== 'tools/call') return { error: { code: -32601, message: 'Method not found' } };
  const outcome = callTool(String(params['name']), (params['arguments'] ?? {}) as Record<string, unknown>, faults, { surveys, call: { userId, holder, elicits: false } });
  if (!('ok' in outcome)) return { error: { code: -32603, message: 'error' in outcome ? outcome.error : 'not in a batch' } };
  return { result: { content: [{ type: 'text', text: JSON.stringify(outcome.ok) }], structuredContent: outcome.ok } };
}

/** Sends a batch's answers as one JSON array, or (a harmless variation) as an event stream: the first alone, a notification, then the rest as one array. */
export function replyToBatch(res: Response, faults: Faults, answers: readonly Record<string, unknown>[]): void {
  if (!faults.batchAnsweredAsEventStream) return void res.json(answers);
  const [first, ...rest] = answers;
  const notification = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'batch' } };
  res.type('text/event-stream').send([first, notification, rest].map((message) => `event: message\ndata: ${JSON.stringify(message)}\n\n`).join(''));
}
