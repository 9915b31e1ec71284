import { describe, expect, it } from 'vitest';
import { PlatformError } from './errors.js';
import { checkLength, checkPlainText, parseTime } from './values.js';

const messageOf = (action: () => unknown): string => {
  try {
    action();
  } catch (error) {
    if (error instanceof PlatformError) return error.message;
    throw error;
  }
  throw new Error('expected a validation failure');
};

describe('checkPlainText', () => {
  it('refuses NUL and other control characters, naming the field, the character and where it is', () => {
    expect(messageOf(() => checkPlainText('title', 'Q2\u0000NPS'))).toBe(
      "validation failed: 'title' must not contain control characters, found U+0000 at position 2",
    );
    expect(messageOf(() => checkPlainText('text', 'bell\u0007'))).toContain('U+0007');
  });

  it('keeps tabs, newlines and every printable character, emoji included', () => {
    expect(checkPlainText('description', 'line one\n\tline two\r\n✓ 👍')).toBe('line one\n\tline two\r\n✓ 👍');
  });
});

describe('checkLength', () => {
  it('trims, then counts characters against the range', () => {
    expect(checkLength('title', '  Pulse  ', 1, 200)).toBe('Pulse');
    expect(messageOf(() => checkLength('title', '   ', 1, 200))).toBe("validation failed: 'title' must be 1 to 200 characters, got 0");
  });
});

describe('parseTime', () => {
  it('reads ISO-8601 date-times and refuses anything else with an example', () => {
    expect(parseTime('closes_at', '2026-03-01T09:00:00Z')).toBe(Date.UTC(2026, 2, 1, 9));
    expect(messageOf(() => parseTime('closes_at', 'next tuesday'))).toContain('such as 2026-03-01T09:00:00Z');
  });
});
