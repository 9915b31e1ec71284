import { fail, skip, type Check } from '../../check.js';
import { isObject } from '../../mcp.js';
import { expectModernResult, modernToken, modernTools } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';

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

/**
 * The runner carries no JSON Schema validator, so it proves the part of conformance a client
 * relies on first: the top-level type, every required property present, and each property
 * present of its declared type. A deeper mismatch passes unseen.
 */
export const modernStructuredContentSchema: Check = {
  id: 'modern-structured-content-schema',
  group: 'modern-mcp',
  title: 'A tool with an outputSchema returns structuredContent of its type, with its required properties of their types',
  spec: `${MODERN_SPEC} server/tools "Output Schema" (servers MUST provide structured results that conform to this schema)`,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    await modernToken(ctx);
    // A tool that needs no arguments, so calling it asks for nothing the runner would have to invent.
    const tool = (await modernTools(ctx)).find((candidate) => {
      const input = candidate['inputSchema'];
      const required = isObject(input) ? input['required'] : undefined;
      return isObject(candidate['outputSchema']) && (!Array.isArray(required) || required.length === 0);
    });
    if (!tool) skip('no tool that takes no arguments declares an outputSchema');
    const name = String(tool['name']);
    const schema = tool['outputSchema'] as Record<string, unknown>;
    const result = expectModernResult(await ctx.modern.request(() => ctx.accessToken(), 'tools/call', { name, arguments: {} }), `tools/call ${name}`);
    if (result['isError'] === true) skip(`tools/call ${name} answered a tool error, which carries no structured result: ${JSON.stringify(result['content']).slice(0, 160)}`);
    const structured = result['structuredContent'];
    if (structured === undefined) fail(`tools/call ${name}: no structuredContent, though the tool declares an outputSchema`);
    const top = typeProblem(structured, schema, `${name}'s structuredContent`);
    if (top) fail(top);
    if (isObject(structured)) {
      const required = Array.isArray(schema['required']) ? schema['required'].filter((key): key is string => typeof key === 'string') : [];
      const absent = required.filter((key) => !(key in structured));
      if (absent.length > 0) fail(`tools/call ${name}: structuredContent lacks the required ${absent.map((key) => `"${key}"`).join(', ')}`);
      const properties = isObject(schema['properties']) ? schema['properties'] : {};
      for (const [key, value] of Object.entries(structured)) {
        const problem = typeProblem(value, properties[key], `${name}'s structuredContent.${key}`);
        if (problem) fail(problem);
      }
    }
    return `${name}: structuredContent of its outputSchema's type, required properties present`;
  },
};
