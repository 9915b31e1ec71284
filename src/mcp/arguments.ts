import { shown } from '../platform/errors.js';
import type { z } from 'zod';

/**
 * Turns zod's first issue into the sentence a person (or an assistant) can act on, e.g.
 * `'limit' must be at most 100` or `unknown argument 'colour'`: the field named in quotes, as
 * every validation message names it. Used after `validation failed: `.
 */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.length > 0 ? `'${shown(issue.path.map(String).join('.'))}'` : 'arguments';
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `${field} is required`;
      // JSON numbers past ±1.8e308 (`1e400`) read as infinity, which no bound admits.
      if (typeof issue.input === 'number' && !Number.isFinite(issue.input)) {
        const [what, example] = issue.input > 0 ? ['too large', '1e400'] : ['too far below zero', '-1e400'];
        return `${field} must be a finite number, got one ${what} to represent (such as ${example})`;
      }
      return `${field} must be ${article(issue.expected)}, got ${describeValue(issue.input)}`;
    case 'too_big':
      return `${field} must ${bound('at most', issue.origin, issue.maximum)}`;
    case 'too_small':
      return `${field} must ${bound('at least', issue.origin, issue.minimum)}`;
    case 'invalid_value':
      return `${field} must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'unrecognized_keys':
      return `unknown argument${issue.keys.length > 1 ? 's' : ''} ${issue.keys.slice(0, 5).map((key) => `'${shown([...issue.path, key].map(String).join('.'))}'`).join(', ')}${issue.keys.length > 5 ? ` and ${issue.keys.length - 5} more` : ''}`;
    case 'invalid_format':
      return `${field} must be a valid ${issue.format === 'datetime' ? 'ISO-8601 date-time' : issue.format}`;
    case 'not_multiple_of':
      return `${field} must be a multiple of ${issue.divisor}`;
    default:
      return `${field}: ${issue.message}`;
  }
}

/** `be at most 100`, `be at least 1 character`, `have at most 50 items`. */
function bound(side: 'at most' | 'at least', origin: string, limit: number | bigint): string {
  if (origin === 'string') return `be ${side} ${plural(Number(limit), 'character')}`;
  if (origin === 'array') return `have ${side} ${plural(Number(limit), 'item')}`;
  return `be ${side} ${limit}`;
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
