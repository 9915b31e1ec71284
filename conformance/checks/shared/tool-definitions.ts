/**
 * The rules of server/tools that read the same in both MCP eras (2025-11-25 and 2026-07-28), as
 * pure judgements over what a server listed or returned: each answers the problem in words, or
 * undefined when there is none. The checks of each era fetch, these judge.
 */
import { isDeepStrictEqual } from 'node:util';
import { isObject } from '../../mcp.js';
import { schemaViolation } from './json-schema.js';
import { schemaKeywordProblem } from './schema-keywords.js';

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
  return schemaKeywordProblem(schema, which);
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
 * "Output Schema" (MUST conform): the structuredContent judged against the schema the tool
 * advertised, to the depth of the keywords `schemaViolation` knows (additionalProperties honoured).
 */
export function structuredContentProblem(structured: unknown, schema: Readonly<Record<string, unknown>>, name: string): string | undefined {
  if (structured === undefined) return `no structuredContent, though ${name} declares an outputSchema`;
  return schemaViolation(structured, schema, `${name}'s structuredContent`);
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
