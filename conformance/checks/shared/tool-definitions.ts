/**
 * The rules of server/tools that read the same in both MCP eras (2025-11-25 and 2026-07-28), as
 * pure judgements over what a server listed or returned: each answers the problem in words, or
 * undefined when there is none. The checks of each era fetch, these judge.
 */
import { isDeepStrictEqual } from 'node:util';
import { isObject } from '../../mcp.js';

const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** "Tool Names" (SHOULD): 1 to 128 characters of A-Z a-z 0-9 _ - ., unique within the server. */
export function toolNamesProblem(names: readonly unknown[]): string | undefined {
  const odd = names.filter((name) => typeof name !== 'string' || !TOOL_NAME.test(name));
  if (odd.length > 0) return `${odd.map((name) => JSON.stringify(name)).join(', ')} outside 1-128 characters of A-Z a-z 0-9 _ - .`;
  const twice = names.filter((name, index) => names.indexOf(name) !== index);
  if (twice.length > 0) return `${twice.map((name) => JSON.stringify(name)).join(', ')} listed more than once`;
  return undefined;
}

/** "Tool" (MUST): inputSchema a JSON Schema object of type "object", never null; an outputSchema an object too. */
export function toolSchemaProblem(tool: Readonly<Record<string, unknown>>): string | undefined {
  return schemaProblem(tool['inputSchema'], 'inputSchema', false) ?? schemaProblem(tool['outputSchema'], 'outputSchema', true);
}

function schemaProblem(schema: unknown, which: string, optional: boolean): string | undefined {
  if (schema === undefined && optional) return undefined;
  if (!isObject(schema)) return `${which} is ${JSON.stringify(schema)}, not a JSON Schema object`;
  if (which === 'inputSchema' && schema['type'] !== 'object') return `inputSchema has "type" ${JSON.stringify(schema['type'])}, not "object"`;
  if ('$schema' in schema && typeof schema['$schema'] !== 'string') return `${which} has a "$schema" that is not a URI string`;
  if ('properties' in schema && !isObject(schema['properties'])) return `${which} has "properties" that is not an object`;
  if ('required' in schema && !(Array.isArray(schema['required']) && schema['required'].every((name) => typeof name === 'string'))) {
    return `${which} has "required" that is not a list of names`;
  }
  return undefined;
}

/** A tool that needs no arguments and declares an outputSchema: one the runner can call without inventing input. */
export function callableToolWithOutputSchema(tools: readonly Readonly<Record<string, unknown>>[]): Readonly<Record<string, unknown>> | undefined {
  return tools.find((tool) => {
    const input = tool['inputSchema'];
    const required = isObject(input) ? input['required'] : undefined;
    return isObject(tool['outputSchema']) && (!Array.isArray(required) || required.length === 0);
  });
}

/**
 * "Output Schema" (MUST conform). The runner carries no JSON Schema validator, so it judges the
 * part a client relies on first: the top-level type, every required property present, and each
 * property present of its declared type. A deeper mismatch passes unseen.
 */
export function structuredContentProblem(structured: unknown, schema: Readonly<Record<string, unknown>>, name: string): string | undefined {
  if (structured === undefined) return `no structuredContent, though ${name} declares an outputSchema`;
  const top = typeProblem(structured, schema, `${name}'s structuredContent`);
  if (top || !isObject(structured)) return top;
  const required = Array.isArray(schema['required']) ? schema['required'].filter((key): key is string => typeof key === 'string') : [];
  const absent = required.filter((key) => !(key in structured));
  if (absent.length > 0) return `structuredContent lacks the required ${absent.map((key) => `"${key}"`).join(', ')}`;
  const properties = isObject(schema['properties']) ? schema['properties'] : {};
  for (const [key, value] of Object.entries(structured)) {
    const problem = typeProblem(value, properties[key], `${name}'s structuredContent.${key}`);
    if (problem) return problem;
  }
  return undefined;
}

/** JSON Schema's primitive types, as a value has them (an integer is also a number). */
function typesOf(value: unknown): string[] {
  if (value === null) return ['null'];
  if (Array.isArray(value)) return ['array'];
  if (typeof value === 'number') return Number.isInteger(value) ? ['integer', 'number'] : ['number'];
  return [typeof value];
}

function typeProblem(value: unknown, schema: unknown, where: string): string | undefined {
  if (!isObject(schema) || schema['type'] === undefined) return undefined;
  const allowed = Array.isArray(schema['type']) ? schema['type'] : [schema['type']];
  return typesOf(value).some((type) => allowed.includes(type)) ? undefined : `${where} is ${JSON.stringify(value)?.slice(0, 80)}, not of type ${allowed.join(' or ')}`;
}

/** "Structured Content" (SHOULD): a text block holds the structuredContent as JSON, for clients that read only content. */
export function structuredTextProblem(result: Readonly<Record<string, unknown>>): string | undefined {
  const texts = (Array.isArray(result['content']) ? result['content'] : [])
    .filter(isObject)
    .map((item) => item['text'])
    .filter((text): text is string => typeof text === 'string');
  const same = texts.some((text) => {
    try {
      return isDeepStrictEqual(JSON.parse(text), result['structuredContent']);
    } catch {
      return false;
    }
  });
  return same ? undefined : `no text block holds the structuredContent as JSON; text: ${JSON.stringify(texts).slice(0, 160)}`;
}
