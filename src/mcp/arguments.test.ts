import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssue } from './arguments.js';

const schema = z.strictObject({
  limit: z.number().int().min(1).max(100).optional(),
  step: z.number().multipleOf(5).optional(),
  title: z.string().min(3).max(10).optional(),
  choices: z.array(z.string()).min(2).max(3).optional(),
  status: z.enum(['open', 'closed']).optional(),
  at: z.iso.datetime({ offset: true }).optional(),
  email: z.email().optional(),
  where: z.strictObject({ min: z.number().optional() }).optional(),
  even: z
    .number()
    .refine((value) => value % 2 === 0, 'must be even')
    .optional(),
  survey_id: z.string(),
});

/** The sentence for the first issue, parsed the way the tool registry parses arguments. */
function describe_(args: unknown): string {
  const parsed = schema.safeParse(args, { reportInput: true });
  if (parsed.success) throw new Error(`expected ${JSON.stringify(args)} to fail`);
  return describeIssue(parsed.error.issues[0]!);
}

const valid = { survey_id: 'srv_1' };

describe('describeIssue', () => {
  it.each([
    [{}, "'survey_id' is required"],
    [{ survey_id: 42 }, "'survey_id' must be a string, got number"],
    [{ survey_id: null }, "'survey_id' must be a string, got null"],
    [{ survey_id: ['srv_1'] }, "'survey_id' must be a string, got an array"],
    [{ ...valid, limit: '5' }, `'limit' must be a number, got the string "5"`],
    [{ ...valid, limit: 2.5 }, "'limit' must be an integer, got number"],
    [{ ...valid, limit: JSON.parse('1e400') }, "'limit' must be a finite number, got one too large to represent (such as 1e400)"],
    [{ ...valid, limit: JSON.parse('-1e400') }, "'limit' must be a finite number, got one too far below zero to represent (such as -1e400)"],
    [{ ...valid, where: 'min' }, `'where' must be an object, got the string "min"`],
    [['srv_1'], 'arguments must be an object, got an array'],
  ])('names a missing or mistyped argument and what was given: %j', (args, message) => {
    expect(describe_(args)).toBe(message);
  });

  it('cuts a long given string to 40 characters', () => {
    expect(describe_({ ...valid, limit: 'x'.repeat(100) })).toBe(`'limit' must be a number, got the string "${'x'.repeat(40)}"`);
  });

  it.each([
    [{ ...valid, limit: 101 }, "'limit' must be at most 100"],
    [{ ...valid, limit: 0 }, "'limit' must be at least 1"],
    [{ ...valid, title: 'x'.repeat(11) }, "'title' must be at most 10 characters"],
    [{ ...valid, title: 'xy' }, "'title' must be at least 3 characters"],
    [{ ...valid, choices: ['a', 'b', 'c', 'd'] }, "'choices' must have at most 3 items"],
    [{ ...valid, choices: ['a'] }, "'choices' must have at least 2 items"],
    [{ ...valid, step: 7 }, "'step' must be a multiple of 5"],
  ])('states the bound that was crossed: %j', (args, message) => {
    expect(describe_(args)).toBe(message);
  });

  it('lists the allowed values of an enum', () => {
    expect(describe_({ ...valid, status: 'paused' })).toBe(`'status' must be one of "open", "closed"`);
  });

  it('calls a date-time format by its ISO-8601 name and other formats by theirs', () => {
    expect(describe_({ ...valid, at: '2026-03-01' })).toBe("'at' must be a valid ISO-8601 date-time");
    expect(describe_({ ...valid, email: 'alice' })).toBe("'email' must be a valid email");
  });

  it('names one unknown argument, or all of them', () => {
    expect(describe_({ ...valid, colour: 'red' })).toBe("unknown argument 'colour'");
    expect(describe_({ ...valid, colour: 'red', size: 2 })).toBe("unknown arguments 'colour', 'size'");
  });

  it('names an unknown nested argument by its full path', () => {
    expect(describe_({ ...valid, where: { max: 3 } })).toBe("unknown argument 'where.max'");
  });

  it('speaks of one character in the singular', () => {
    const short = z.strictObject({ text: z.string().min(1) }).safeParse({ text: '' }, { reportInput: true });
    expect(describeIssue(short.error!.issues[0]!)).toBe("'text' must be at least 1 character");
  });

  it('names nested arguments by their path', () => {
    expect(describe_({ ...valid, where: { min: 'low' } })).toBe(`'where.min' must be a number, got the string "low"`);
    expect(describe_({ ...valid, choices: ['a', 7] })).toBe("'choices.1' must be a string, got number");
  });

  it("falls back to zod's own message, after the field, for any other issue", () => {
    expect(describe_({ ...valid, even: 3 })).toBe("'even': must be even");
  });
});
