import type { z } from 'zod';

/**
 * Turns zod's first issue into the sentence a person (or an assistant) can act on, e.g.
 * `limit must be at most 100` or `unknown argument 'colour'`. Used after `validation failed: `.
 */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'arguments';
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? `${field} is required`
        : `${field} must be ${article(issue.expected)}, got ${describeValue(issue.input)}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `${field} must be at most ${plural(Number(issue.maximum), 'character')}`
        : issue.origin === 'array'
          ? `${field} must have at most ${plural(Number(issue.maximum), 'item')}`
          : `${field} must be at most ${issue.maximum}`;
    case 'too_small':
      return issue.origin === 'string'
        ? `${field} must be at least ${plural(Number(issue.minimum), 'character')}`
        : issue.origin === 'array'
          ? `${field} must have at least ${plural(Number(issue.minimum), 'item')}`
          : `${field} must be at least ${issue.minimum}`;
    case 'invalid_value':
      return `${field} must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'unrecognized_keys':
      return `unknown argument${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `'${[...issue.path, key].map(String).join('.')}'`).join(', ')}`;
    case 'invalid_format':
      return `${field} must be a valid ${issue.format === 'datetime' ? 'ISO-8601 date-time' : issue.format}`;
    case 'not_multiple_of':
      return `${field} must be a multiple of ${issue.divisor}`;
    default:
      return `${field}: ${issue.message}`;
  }
}

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

function article(expected: string): string {
  if (expected === 'int') return 'an integer';
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? `the string ${JSON.stringify(value.slice(0, 40))}` : typeof value;
}
