import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { answerCache, rpcAnswerPieces, rpcAnswerText, type CacheableCall } from './answer-cache.js';

/** A get_survey answer naming who it was computed for, so a wrong hand-out shows in the result. */
const answerFor = (userId: string, args: unknown): CallToolResult => ({
  content: [{ type: 'text', text: `${userId} ${JSON.stringify(args)}` }],
  structuredContent: { survey: { status: 'closed', computed_for: userId } },
});

function harness() {
  let stamp = 1;
  const cache = answerCache(() => stamp);
  const computed: string[] = [];
  const ask = (userId: string, args: unknown = { survey_id: 'srv_1' }, name = 'get_survey') => {
    const call: CacheableCall = { userId, name, args, nowMs: 1_000, stamp: undefined };
    return cache.answer(call, async () => {
      computed.push(userId);
      return answerFor(userId, args);
    });
  };
  return { ask, computed, write: () => stamp++ };
}

describe('the answer cache', () => {
  it('keeps each person their own answer: the same call by another person is computed for them', async () => {
    const { ask, computed } = harness();
    const alice = await ask('usr_alice');
    expect(await ask('usr_alice')).toBe(alice);
    const bob = await ask('usr_bob');
    expect(bob).toEqual(answerFor('usr_bob', { survey_id: 'srv_1' }));
    expect(await ask('usr_bob')).toBe(bob);
    expect(await ask('usr_alice')).toBe(alice);
    expect(computed).toEqual(['usr_alice', 'usr_bob']);
  });

  it('keeps answers apart by arguments and computes again after any write', async () => {
    const { ask, computed, write } = harness();
    const first = await ask('usr_alice', { survey_id: 'srv_1' });
    expect(await ask('usr_alice', { survey_id: 'srv_2' })).toEqual(answerFor('usr_alice', { survey_id: 'srv_2' }));
    expect(await ask('usr_alice', { survey_id: 'srv_1' })).toBe(first);
    write();
    expect(await ask('usr_alice', { survey_id: 'srv_1' })).not.toBe(first);
    expect(computed).toHaveLength(3);
  });

  it("answers the person's calls that arrive while the same call is computed with its answer, not another computation", async () => {
    const { ask, computed, write } = harness();
    const [first, second, bobs] = await Promise.all([ask('usr_alice'), ask('usr_alice'), ask('usr_bob')]);
    expect(second).toBe(first);
    expect(bobs).toEqual(answerFor('usr_bob', { survey_id: 'srv_1' }));
    expect(computed).toEqual(['usr_alice', 'usr_bob']);
    // After a write, a call computes again even while one begun before the write is running.
    const before = ask('usr_alice', { survey_id: 'srv_9' });
    write();
    await Promise.all([before, ask('usr_alice', { survey_id: 'srv_9' })]);
    expect(computed).toEqual(['usr_alice', 'usr_bob', 'usr_alice', 'usr_alice']);
  });

  it('computes for itself when the computation it waited for failed', async () => {
    const cache = answerCache(() => 1);
    const call: CacheableCall = { userId: 'usr_alice', name: 'get_survey', args: { survey_id: 'srv_1' }, nowMs: 1_000, stamp: undefined };
    const failed = cache.answer(call, async () => {
      throw new Error('the client has gone');
    });
    const own = cache.answer(call, async () => answerFor('usr_alice', 'own'));
    await expect(failed).rejects.toThrow('the client has gone');
    expect(await own).toEqual(answerFor('usr_alice', 'own'));
  });

  it('keeps nothing for a tool it does not know to be read-only', async () => {
    const { ask, computed } = harness();
    await ask('usr_alice', {}, 'update_survey');
    await ask('usr_alice', {}, 'update_survey');
    expect(computed).toEqual(['usr_alice', 'usr_alice']);
  });
});

describe('rpcAnswerPieces', () => {
  it('writes an answer around a kept result as its JSON text, in pieces', async () => {
    const cache = answerCache(() => 1);
    const call: CacheableCall = { userId: 'usr_alice', name: 'get_survey', args: { survey_id: 'srv_1' }, nowMs: 1_000, stamp: undefined };
    const result: CallToolResult = { content: [{ type: 'text', text: 'Zufriedenheit — “NPS” ✓' }], structuredContent: { survey: { status: 'closed' } } };
    const kept = await cache.answer(call, async () => result);
    for (const id of [7, 'req "1" ✓']) {
      const answer = { result: kept, jsonrpc: '2.0', id };
      const pieces = rpcAnswerPieces(answer);
      expect(pieces).toHaveLength(3);
      expect(pieces.join('')).toBe(JSON.stringify(answer));
      expect(rpcAnswerText(answer)).toBe(JSON.stringify(answer));
    }
  });

  it('writes any other answer as one piece, its JSON text, and a batch as its answers between brackets and commas', () => {
    const error = { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'bad' } };
    const fresh = { result: { content: [] }, jsonrpc: '2.0', id: 2 };
    expect(rpcAnswerPieces(error)).toEqual([JSON.stringify(error)]);
    expect(rpcAnswerPieces(fresh)).toEqual([JSON.stringify(fresh)]);
    expect(rpcAnswerPieces([error, fresh])).toEqual(['[', JSON.stringify(error), ',', JSON.stringify(fresh), ']']);
    expect(rpcAnswerText([error, fresh])).toBe(JSON.stringify([error, fresh]));
  });
});
