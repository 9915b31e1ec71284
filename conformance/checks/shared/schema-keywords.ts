/**
 * Whether a published schema is valid for its dialect (MCP basic/index "Schema Validation"): the
 * keyword values its meta-schema constrains, judged in every subschema. The dialect is the
 * schema's `$schema`, 2020-12 when it names none; draft-04's boolean exclusiveMinimum and
 * exclusiveMaximum are valid there alone, and an array `items` (a tuple) everywhere but 2020-12.
 * Pure: the first problem in words, or undefined.
 */
import { isObject } from '../../mcp.js';

const TYPES = new Set(['null', 'boolean', 'object', 'array', 'number', 'integer', 'string']);

const NUMBERS = ['minimum', 'maximum', 'multipleOf'];
const EXCLUSIVE_BOUNDS = ['exclusiveMinimum', 'exclusiveMaximum'];
const COUNTS = ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties', 'minContains', 'maxContains'];
/** Keywords whose value is one subschema. */
const SUBSCHEMA = ['additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties', 'additionalItems'];
/** Keywords whose value is a list of subschemas. */
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
/** Keywords whose value maps names to subschemas. */
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

const isDraft04 = (dialect: unknown): boolean => typeof dialect === 'string' && /draft-0[34]/.test(dialect);
/** 2020-12 replaced the array form of `items` by `prefixItems`; the drafts before it allow it. */
const tuplesAllowed = (dialect: unknown): boolean => typeof dialect === 'string' && !/2020-12/.test(dialect);
const isCount = (value: unknown): boolean => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const shown = (value: unknown): string => JSON.stringify(value)?.slice(0, 60) ?? String(value);

/** The first keyword of `schema` (at `where`, of `dialect`) whose value its meta-schema forbids. */
export function schemaKeywordProblem(schema: unknown, where: string, dialect: unknown = undefined): string | undefined {
  if (typeof schema === 'boolean' || !isObject(schema)) return undefined;
  const own = schema['$schema'] ?? dialect;
  const draft04 = isDraft04(own);
  const problem = ownKeywordProblem(schema, draft04, tuplesAllowed(own));
  if (problem) return `${where}: ${problem}${draft04 || own === undefined ? '' : ` (dialect ${String(own)})`}`;
  for (const keyword of SUBSCHEMA) {
    const found = keyword in schema ? schemaKeywordProblem(schema[keyword], `${where}.${keyword}`, own) : undefined;
    if (found) return found;
  }
  for (const keyword of SUBSCHEMA_LISTS) {
    const list = schema[keyword];
    if (list === undefined) continue;
    if (!Array.isArray(list)) return `${where}: "${keyword}" is ${shown(list)}, not a list of schemas`;
    for (const [index, entry] of list.entries()) {
      const found = schemaKeywordProblem(entry, `${where}.${keyword}[${index}]`, own);
      if (found) return found;
    }
  }
  for (const keyword of SUBSCHEMA_MAPS) {
    const map = schema[keyword];
    if (map === undefined) continue;
    if (!isObject(map)) return `${where}: "${keyword}" is ${shown(map)}, not an object of schemas`;
    for (const [name, entry] of Object.entries(map)) {
      const found = schemaKeywordProblem(entry, `${where}.${keyword}.${name}`, own);
      if (found) return found;
    }
  }
  const items = schema['items'];
  if (Array.isArray(items) && tuplesAllowed(own)) return items.map((entry, index) => schemaKeywordProblem(entry, `${where}.items[${index}]`, own)).find(Boolean);
  return items === undefined ? undefined : schemaKeywordProblem(items, `${where}.items`, own);
}

function ownKeywordProblem(schema: Readonly<Record<string, unknown>>, draft04: boolean, tuples: boolean): string | undefined {
  const type = schema['type'];
  const types: unknown[] = Array.isArray(type) ? type : [type];
  if (type !== undefined && !types.every((name) => typeof name === 'string' && TYPES.has(name))) return `"type" is ${shown(type)}, not a JSON Schema type or a list of them`;
  for (const keyword of NUMBERS) if (keyword in schema && typeof schema[keyword] !== 'number') return `"${keyword}" is ${shown(schema[keyword])}, not a number`;
  for (const keyword of EXCLUSIVE_BOUNDS) {
    if (!(keyword in schema)) continue;
    const value = schema[keyword];
    if (draft04 ? typeof value !== 'boolean' : typeof value !== 'number') return `"${keyword}" is ${shown(value)}, not a ${draft04 ? 'boolean (draft-04)' : 'number (a boolean is draft-04 only)'}`;
  }
  for (const keyword of COUNTS) if (keyword in schema && !isCount(schema[keyword])) return `"${keyword}" is ${shown(schema[keyword])}, not a non-negative integer`;
  const required = schema['required'];
  if (required !== undefined && !(Array.isArray(required) && required.every((name) => typeof name === 'string'))) return `"required" is ${shown(required)}, not a list of names`;
  if ('enum' in schema && !Array.isArray(schema['enum'])) return `"enum" is ${shown(schema['enum'])}, not a list`;
  if ('pattern' in schema && typeof schema['pattern'] !== 'string') return `"pattern" is ${shown(schema['pattern'])}, not a string`;
  if (Array.isArray(schema['items']) && !tuples) return '"items" is a list; in 2020-12 a tuple is "prefixItems"';
  return undefined;
}
