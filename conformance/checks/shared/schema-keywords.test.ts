import { describe, expect, it } from 'vitest';
import { schemaKeywordProblem } from './schema-keywords.js';

describe('schemaKeywordProblem', () => {
  it('takes a 2020-12 schema whose keywords have the values its meta-schema allows', () => {
    const schema = { type: 'object', properties: { limit: { type: 'integer', exclusiveMinimum: 0, maximum: 100 }, tags: { type: 'array', items: { type: 'string' }, minItems: 1 } }, required: ['limit'] };
    expect(schemaKeywordProblem(schema, 'inputSchema')).toBeUndefined();
  });

  it("names draft-04's boolean exclusiveMinimum in a schema of no dialect (2020-12), in a nested property", () => {
    const schema = { type: 'object', properties: { limit: { type: 'integer', minimum: 0, exclusiveMinimum: true } } };
    expect(schemaKeywordProblem(schema, 'inputSchema')).toBe('inputSchema.properties.limit: "exclusiveMinimum" is true, not a number (a boolean is draft-04 only)');
  });

  it('takes the boolean exclusiveMinimum, and a tuple items, in a schema that declares draft-04', () => {
    const schema = { $schema: 'http://json-schema.org/draft-04/schema#', type: 'array', items: [{ type: 'integer', minimum: 0, exclusiveMinimum: true }] };
    expect(schemaKeywordProblem(schema, 'inputSchema')).toBeUndefined();
  });

  it('names a tuple items in 2020-12, where a tuple is prefixItems', () => {
    expect(schemaKeywordProblem({ type: 'array', items: [{ type: 'string' }] }, 'outputSchema')).toBe('outputSchema: "items" is a list; in 2020-12 a tuple is "prefixItems"');
  });

  it('names an unknown type, a negative count and a required that is not a list, inside anyOf and $defs', () => {
    expect(schemaKeywordProblem({ anyOf: [{ type: 'date' }] }, 's')).toBe('s.anyOf[0]: "type" is "date", not a JSON Schema type or a list of them');
    expect(schemaKeywordProblem({ $defs: { name: { type: 'string', maxLength: -1 } } }, 's')).toBe('s.$defs.name: "maxLength" is -1, not a non-negative integer');
    expect(schemaKeywordProblem({ type: 'object', required: 'id' }, 's')).toBe('s: "required" is "id", not a list of names');
  });

  it('takes boolean subschemas, and leaves keywords it does not know alone', () => {
    expect(schemaKeywordProblem({ type: 'object', additionalProperties: false, properties: { any: true }, 'x-vendor': { type: 42 } }, 's')).toBeUndefined();
  });
});
