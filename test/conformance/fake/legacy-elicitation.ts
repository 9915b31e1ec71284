import { randomUUID } from 'node:crypto';
import type { Response } from 'express';
import type { FakeSurveys } from './confirmations.js';
import type { ConfirmationFault } from './faults-confirmations.js';

/**
 * 2025-11-25 elicitation for delete_question (client/elicitation), as a stateless server keeps it:
 * which holders' (person and client) last initialize declared elicitation, and the calls waiting in an open event stream
 * for their person's answer, which the client posts as a JSON-RPC response.
 */
export class FakeElicitations {
  private readonly declaring = new Set<string>();
  private readonly waiting = new Map<string, (result: unknown) => void>();

  noteInitialize(holder: string, capabilities: unknown): void {
    if (typeof capabilities === 'object' && capabilities !== null && 'elicitation' in capabilities) this.declaring.add(holder);
    else this.declaring.delete(holder);
  }

  declares(holder: string): boolean {
    return this.declaring.has(holder);
  }

  /** Hands a posted JSON-RPC response to the call waiting for it, if any. */
  settle(message: { id?: unknown; result?: unknown }): void {
    const resume = this.waiting.get(String(message.id));
    this.waiting.delete(String(message.id));
    resume?.(message.result);
  }

  /** Answers tools/call `id` with a stream: the elicitation/create request, then, once answered, the tool result. */
  stream(res: Response, id: unknown, questionId: string, surveys: FakeSurveys, fault: ConfirmationFault | undefined): void {
    const asked = surveys.elicitation(questionId, fault);
    const send = (message: Record<string, unknown>): boolean => res.write(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', ...message })}\n\n`);
    res.status(200).set({ 'content-type': 'text/event-stream', 'cache-control': 'no-cache' }).flushHeaders();
    const finish = (outcome: ReturnType<FakeSurveys['settleElicitation']>): void => {
      const payload = 'ok' in outcome ? outcome.ok : 'error' in outcome ? { error: outcome.error } : {};
      send({ id, result: { content: [{ type: 'text', text: JSON.stringify(payload) }], structuredContent: payload, ...('ok' in outcome ? {} : { isError: true }) } });
      res.end();
    };
    if ('error' in asked) return finish(asked);
    const elicitationId = `elicit_${randomUUID()}`;
    this.waiting.set(elicitationId, (result) => finish(surveys.settleElicitation(questionId, result, fault)));
    res.once('close', () => this.waiting.delete(elicitationId));
    send({ id: elicitationId, method: 'elicitation/create', params: { mode: 'form', ...asked } });
  }
}
