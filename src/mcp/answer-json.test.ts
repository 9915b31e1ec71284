import { describe, expect, it } from 'vitest';
import { answerJson } from './answer-json.js';

const noPause = async () => {};

/** An answer of `count` question results, each ~2 KB: large enough to be walked in parts. */
const largeAnswer = (count: number) => ({
  survey_id: 'srv_1',
  skipped: undefined,
  questions: Array.from({ length: count }, (_, i) => ({
    id: `q"${i}`,
    mean: null,
    at: new Date(i),
    values: [1, 2.5, -3, undefined],
    text: `é\u2028\n${'x'.repeat(2000)}`,
  })),
  segmented_by: { segments: [{ choice_id: 'chc_1', questions: [[{ ok: true }]] }], empty: {} },
});

describe('answerJson', () => {
  it('writes exactly what JSON.stringify writes, for small answers and for answers walked in parts', async () => {
    for (const answer of [{ a: 1, b: [undefined, null], c: undefined }, largeAnswer(100), 'plain']) {
      expect(await answerJson(answer, 1 << 20, noPause)).toBe(JSON.stringify(answer));
    }
  });

  it('fits an answer of exactly the budget, and stops early once it would pass it', async () => {
    const answer = largeAnswer(200);
    const length = JSON.stringify(answer).length;
    expect(await answerJson(answer, length, noPause)).toBe(JSON.stringify(answer));
    expect(await answerJson(answer, length - 1, noPause)).toBeUndefined();
    let paces = 0;
    expect(await answerJson(answer, 10_000, async () => void paces++)).toBeUndefined();
    expect(paces).toBeLessThan(10); // of the 200 and more a full walk takes
  });
});
