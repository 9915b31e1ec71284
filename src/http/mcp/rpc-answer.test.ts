import { describe, expect, it } from 'vitest';
import { answerSlices } from './rpc-answer.js';

describe('answerSlices', () => {
  const pieces = ['[', '{"a":"', 'x'.repeat(25), '😀'.repeat(9), '"}', ',', 'é✓'.repeat(7), ']'];

  it('cuts the joined pieces into slices of at most the size, joining small pieces, and loses nothing', () => {
    for (const size of [2, 3, 7, 16, 64]) {
      const slices = [...answerSlices(pieces, size)];
      expect(slices.join('')).toBe(pieces.join(''));
      for (const slice of slices) expect(slice.length).toBeLessThanOrEqual(size);
      expect(slices.slice(0, -1).every((slice) => slice.length >= size - 1)).toBe(true);
    }
  });

  it('keeps a surrogate pair whole in a slice of its own when the size is one character', () => {
    expect([...answerSlices(['a😀b'], 1)]).toEqual(['a', '😀', 'b']);
  });

  it('never ends a slice between the halves of a surrogate pair, so each slice encodes to the same bytes', () => {
    for (const size of [2, 3, 5, 8, 33]) {
      const slices = [...answerSlices(pieces, size)];
      expect(Buffer.concat(slices.map((slice) => Buffer.from(slice, 'utf8')))).toEqual(Buffer.from(pieces.join(''), 'utf8'));
    }
  });
});
