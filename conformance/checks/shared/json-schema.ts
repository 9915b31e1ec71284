/**
 * The part of JSON Schema (2020-12) that output schemas are written in: type, enum, const, anyOf,
 * oneOf, allOf, properties, required, additionalProperties, items, minimum and maximum. Keywords
 * outside it (format, pattern, $ref, ...) are not judged, so an unknown keyword never fails a
 * deployment. Pure: answers the first problem in words, or undefined when the value conforms.
 */
import { isObject } from '../../mcp.js';

/** JSON Schema's primitive types, as a value has them (an integer is also a number). */
function typesOf(value: unknown): string[] {
  if (value === null) return ['null'];
  if (Array.isArray(value)) return ['array'];
  if (typeof value === 'number') return Number.isInteger(value) ? ['integer', 'number'] : ['number'];
  return [typeof value];
}

const shown = (value: unknown): string => JSON.stringify(value)?.slice(0, 80) ?? String(value);

/** Why `value`, found at `where`, does not conform to `schema`; undefined when it does. */
export function schemaViolation(value: unknown, schema: unknown, where: string): string | undefined {
  if (schema === false) return `${where} is present, though its schema allows nothing`;
  if (!isObject(schema)) return undefined;
  if (schema['type'] !== undefined) {
    const allowed = Array.isArray(schema['type']) ? schema['type'] : [schema['type']];
    if (!typesOf(value).some((type) => allowed.includes(type))) return `${where} is ${shown(value)}, not of type ${allowed.join(' or ')}`;
  }
  if (Array.isArray(schema['enum']) && !schema['enum'].some((option) => JSON.stringify(option) === JSON.stringify(value))) {
    return `${where} is ${shown(value)}, not one of ${shown(schema['enum'])}`;
  }
  if ('const' in schema && JSON.stringify(schema['const']) !== JSON.stringify(value)) return `${where} is ${shown(value)}, not ${shown(schema['const'])}`;
  if (typeof value === 'number') {
    if (typeof schema['minimum'] === 'number' && value < schema['minimum']) return `${where} is ${value}, below its minimum ${schema['minimum']}`;
    if (typeof schema['maximum'] === 'number' && value > schema['maximum']) return `${where} is ${value}, above its maximum ${schema['maximum']}`;
  }
  return combinationViolation(value, schema, where) ?? objectViolation(value, schema, where) ?? arrayViolation(value, schema, where);
}

function combinationViolation(value: unknown, schema: Readonly<Record<string, unknown>>, where: string): string | undefined {
  for (const part of Array.isArray(schema['allOf']) ? schema['allOf'] : []) {
    const problem = schemaViolation(value, part, where);
    if (problem) return problem;
  }
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const options = schema[keyword];
    if (!Array.isArray(options)) continue;
    const problems = options.map((option) => schemaViolation(value, option, where));
    const matching = problems.filter((problem) => problem === undefined).length;
    if (matching === 0) return `${where} matches none of its ${keyword} (${problems.join('; ')})`;
    if (keyword === 'oneOf' && matching > 1) return `${where} matches ${matching} of its oneOf, not exactly one`;
  }
  return undefined;
}

function objectViolation(value: unknown, schema: Readonly<Record<string, unknown>>, where: string): string | undefined {
  if (!isObject(value)) return undefined;
  const required = Array.isArray(schema['required']) ? schema['required'].filter((key): key is string => typeof key === 'string') : [];
  const absent = required.filter((key) => !(key in value));
  if (absent.length > 0) return `${where} lacks the required ${absent.map((key) => `"${key}"`).join(', ')}`;
  const properties = isObject(schema['properties']) ? schema['properties'] : {};
  for (const [key, field] of Object.entries(value)) {
    const declared = key in properties;
    if (!declared && schema['additionalProperties'] === false) return `${where} has "${key}", which its schema does not declare (additionalProperties: false)`;
    const problem = schemaViolation(field, declared ? properties[key] : schema['additionalProperties'], `${where}.${key}`);
    if (problem) return problem;
  }
  return undefined;
}

function arrayViolation(value: unknown, schema: Readonly<Record<string, unknown>>, where: string): string | undefined {
  if (!Array.isArray(value) || schema['items'] === undefined) return undefined;
  for (const [index, item] of value.entries()) {
    const problem = schemaViolation(item, schema['items'], `${where}[${index}]`);
    if (problem) return problem;
  }
  return undefined;
}
