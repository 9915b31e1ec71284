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

  it('refuses C1 controls, lone surrogates and bidirectional overrides, each with its reason', () => {
    expect(messageOf(() => checkPlainText('title', 'a\u0085b'))).toBe(
      "validation failed: 'title' must not contain control characters, found U+0085 at position 1",
    );
    expect(messageOf(() => checkPlainText('title', 'x\ud800y'))).toBe(
      "validation failed: 'title' must not contain a lone surrogate (half of a character, not valid Unicode), found U+D800 at position 1",
    );
    expect(messageOf(() => checkPlainText('text', 'low \udc00'))).toContain('U+DC00 at position 4');
    expect(messageOf(() => checkPlainText('choices', 'abc\u202Edef'))).toBe(
      "validation failed: 'choices' must not contain bidirectional override characters, found U+202E at position 3",
    );
    expect(messageOf(() => checkPlainText('choices', '\u2066isolate'))).toContain('U+2066');
  });

  it('stores text in NFC, so a composed and a decomposed accent are the same text', () => {
    expect(checkPlainText('title', 'Cafe\u0301')).toBe('Caf\u00e9');
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

  it('refuses a required text made only of invisible characters, and allows them inside visible text', () => {
    expect(messageOf(() => checkLength('title', '\u200B\u200B\u200B', 1, 200))).toBe(
      "validation failed: 'title' must contain a visible character, got only invisible ones (U+200B …)",
    );
    expect(messageOf(() => checkLength('text', '\u2060\uFEFF\u200D', 1, 500))).toContain('only invisible ones');
    expect(checkLength('title', 'Team\u200Dpulse', 1, 200)).toBe('Team\u200Dpulse');
    expect(checkLength('description', '', 0, 2000)).toBe('');
  });
});

describe('parseTime', () => {
  it('reads ISO-8601 date-times and refuses anything else with an example', () => {
    expect(parseTime('closes_at', '2026-03-01T09:00:00Z')).toBe(Date.UTC(2026, 2, 1, 9));
    expect(messageOf(() => parseTime('closes_at', 'next tuesday'))).toContain('such as 2026-03-01T09:00:00Z');
  });
});
