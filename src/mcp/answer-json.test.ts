import { describe, expect, it } from 'vitest';
import { answerJson } from './answer-json.js';

const noPause = async () => {};

describe('answerJson', () => {
  it('writes exactly what JSON.stringify writes for tool answers', async () => {
    const answer = {
      survey_id: 'srv_1',
      empty: {},
      none: [],
      skipped: undefined,
      questions: [{ id: 'q"1', mean: null, at: new Date(0), values: [1, 2.5, -3, undefined], text: 'é\u2028\n' }],
      nested: { deep: [[{ ok: true }]] },
    };
    expect(await answerJson(answer, 10_000, noPause)).toBe(JSON.stringify(answer));
    expect(await answerJson('plain', 100, noPause)).toBe('"plain"');
  });

  it('stops as soon as the text would pass the budget, and fits one of exactly the budget', async () => {
    const answer = { items: Array.from({ length: 100 }, (_, i) => ({ i })) };
    const length = JSON.stringify(answer).length;
    expect(await answerJson(answer, length, noPause)).toBe(JSON.stringify(answer));
    expect(await answerJson(answer, length - 1, noPause)).toBeUndefined();
    let paces = 0;
    expect(await answerJson(answer, 50, async () => void paces++)).toBeUndefined();
    expect(paces).toBeLessThan(20); // of the 200 a full run takes
  });
});
