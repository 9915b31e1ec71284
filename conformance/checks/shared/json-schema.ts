/**
 * The part of JSON Schema (2020-12) that output schemas are written in: type, enum, const, anyOf,
 * oneOf, allOf, properties, required, additionalProperties, prefixItems, items, minimum and maximum.
 * Keywords outside it (format, pattern, $ref, if, ...) are not judged, so an unknown keyword never
 * fails a deployment: every problem answered is one any validator finds. Pure: answers the first
 * problem in words, or undefined when the value conforms or the judge cannot tell.
 */
import { isDeepStrictEqual } from 'node:util';
import { isObject } from '../../mcp.js';

type Schema = Readonly<Record<string, unknown>>;

const TYPES = new Set(['null', 'boolean', 'object', 'array', 'number', 'integer', 'string']);

/** Keywords judged exactly, and annotations that never change whether a value conforms. */
const EXACT = new Set([
  'type', 'enum', 'const', 'minimum', 'maximum', 'allOf', 'anyOf', 'oneOf', 'properties', 'required', 'additionalProperties', 'prefixItems', 'items',
  '$schema', '$id', '$defs', 'definitions', '$comment', 'title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly',
]);

/** References are not followed; their siblings are not judged either, since drafts before 2019-09 ignore them. */
const REFERENCES = ['$ref', '$dynamicRef', '$recursiveRef'];

/** JSON Schema's primitive types, as a value has them (an integer is also a number, 1.0 included). */
function typesOf(value: unknown): string[] {
  if (value === null) return ['null'];
  if (Array.isArray(value)) return ['array'];
  if (typeof value === 'number') return Number.isInteger(value) ? ['integer', 'number'] : ['number'];
  return [typeof value];
}

const shown = (value: unknown): string => JSON.stringify(value)?.slice(0, 80) ?? String(value);

/** The type names a schema allows; undefined when it names none or one JSON Schema does not know ("any" of draft 3). */
function allowedTypes(schema: Schema): string[] | undefined {
  const allowed: unknown[] = Array.isArray(schema['type']) ? schema['type'] : [schema['type']];
  const known = allowed.length > 0 && allowed.every((type) => typeof type === 'string' && TYPES.has(type));
  return known ? (allowed as string[]) : undefined;
}

/** Why `value`, found at `where`, does not conform to `schema`; undefined when it does or cannot be told. */
export function schemaViolation(value: unknown, schema: unknown, where: string): string | undefined {
  if (schema === false) return `${where} is present, though its schema allows nothing`;
  if (!isObject(schema) || REFERENCES.some((keyword) => keyword in schema)) return undefined;
  // OpenAPI 3.0's spelling of "or null", which some generators emit instead of a type array.
  if (schema['nullable'] === true && value === null) return undefined;
  const allowed = allowedTypes(schema);
  if (allowed && !typesOf(value).some((type) => allowed.includes(type))) return `${where} is ${shown(value)}, not of type ${allowed.join(' or ')}`;
  if (Array.isArray(schema['enum']) && !schema['enum'].some((option) => isDeepStrictEqual(option, value))) {
    return `${where} is ${shown(value)}, not one of ${shown(schema['enum'])}`;
  }
  if ('const' in schema && !isDeepStrictEqual(schema['const'], value)) return `${where} is ${shown(value)}, not ${shown(schema['const'])}`;
  if (typeof value === 'number') {
    if (typeof schema['minimum'] === 'number' && value < schema['minimum']) return `${where} is ${value}, below its minimum ${schema['minimum']}`;
    if (typeof schema['maximum'] === 'number' && value > schema['maximum']) return `${where} is ${value}, above its maximum ${schema['maximum']}`;
  }
  return combinationViolation(value, schema, where) ?? objectViolation(value, schema, where) ?? arrayViolation(value, schema, where);
}

/**
 * Whether `schemaViolation` judges every value against `schema` exactly: no reference, no keyword
 * outside EXACT, down to its subschemas. Only then does "conforms" mean the value truly matches.
 */
function fullyJudged(schema: unknown): boolean {
  if (typeof schema === 'boolean') return true;
  if (!isObject(schema) || !Object.keys(schema).every((keyword) => EXACT.has(keyword))) return false;
  if (schema['type'] !== undefined && !allowedTypes(schema)) return false;
  const listed = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'].flatMap((keyword) => (Array.isArray(schema[keyword]) ? schema[keyword] : []));
  const single = [schema['additionalProperties'], Array.isArray(schema['items']) ? undefined : schema['items']].filter((part) => part !== undefined);
  const properties = isObject(schema['properties']) ? Object.values(schema['properties']) : [];
  return [...listed, ...single, ...properties].every(fullyJudged);
}

function combinationViolation(value: unknown, schema: Schema, where: string): string | undefined {
  for (const part of Array.isArray(schema['allOf']) ? schema['allOf'] : []) {
    const problem = schemaViolation(value, part, where);
    if (problem) return problem;
  }
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const options = schema[keyword];
    if (!Array.isArray(options) || options.length === 0) continue;
    const problems = options.map((option) => schemaViolation(value, option, where));
    const matching = options.filter((_, index) => problems[index] === undefined);
    if (matching.length === 0) return `${where} matches none of its ${keyword} (${problems.join('; ')})`;
    // An option the judge cannot read in full "matches" only for want of a problem found
    // (Pydantic's oneOf of two $refs): too many matches is a failure only among options judged in full.
    const surely = matching.filter(fullyJudged).length;
    if (keyword === 'oneOf' && surely > 1) return `${where} matches ${surely} of its oneOf, not exactly one`;
  }
  return undefined;
}

/** The patternProperties patterns, compiled as JSON Schema reads them; undefined when one does not compile. */
function compiledPatterns(patternProperties: unknown): RegExp[] | undefined {
  try {
    return Object.keys(isObject(patternProperties) ? patternProperties : {}).map((pattern) => new RegExp(pattern, 'u'));
  } catch {
    return undefined;
  }
}

function objectViolation(value: unknown, schema: Schema, where: string): string | undefined {
  if (!isObject(value)) return undefined;
  const required = Array.isArray(schema['required']) ? schema['required'].filter((key): key is string => typeof key === 'string') : [];
  const absent = required.filter((key) => !Object.hasOwn(value, key));
  if (absent.length > 0) return `${where} lacks the required ${absent.map((key) => `"${key}"`).join(', ')}`;
  const properties = isObject(schema['properties']) ? schema['properties'] : {};
  const patterns = compiledPatterns(schema['patternProperties']);
  for (const [key, field] of Object.entries(value)) {
    const declared = Object.hasOwn(properties, key);
    // A key a pattern covers is not additional (its pattern's schema is not judged); with a pattern
    // that does not compile, no key can be told additional.
    if (!declared && (patterns === undefined || patterns.some((pattern) => pattern.test(key)))) continue;
    if (!declared && schema['additionalProperties'] === false) return `${where} has "${key}", which its schema does not declare (additionalProperties: false)`;
    const problem = schemaViolation(field, declared ? properties[key] : schema['additionalProperties'], `${where}.${key}`);
    if (problem) return problem;
  }
  return undefined;
}

/** prefixItems judges the first items by position and items the rest (draft 2019-09's items array: by position). */
function arrayViolation(value: unknown, schema: Schema, where: string): string | undefined {
  if (!Array.isArray(value)) return undefined;
  const items = schema['items'];
  const prefix: unknown[] = Array.isArray(schema['prefixItems']) ? schema['prefixItems'] : Array.isArray(items) ? items : [];
  const rest = Array.isArray(items) ? undefined : items;
  for (const [index, item] of value.entries()) {
    const problem = schemaViolation(item, index < prefix.length ? prefix[index] : rest, `${where}[${index}]`);
    if (problem) return problem;
  }
  return undefined;
}
