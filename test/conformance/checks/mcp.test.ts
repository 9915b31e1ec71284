import { describe, expect, test } from 'vitest';
import { schemaViolation } from '../../../conformance/checks/shared/json-schema.js';
import { describeFaultCases } from '../fault-suite.js';
import { runAgainst, withFakeDeployment } from '../harness.js';

describeFaultCases('mcp');

describe('the stream GET: the contract’s 404 against what strict clients accept', () => {
  const only = ['stream-request-404', 'stream-get-strict-clients'];

  test('a deployment that follows the contract gets a warning naming the flag, and no failure', async () => {
    const report = await withFakeDeployment({}, (fake) => runAgainst(fake, { only }));
    expect(report.results.map((result) => [result.id, result.status])).toEqual([
      ['stream-request-404', 'pass'],
      ['stream-get-strict-clients', 'warn'],
    ]);
    expect(report.results[1]?.message).toMatch(/answered HTTP 404, as section 4\.1 rule 1 requires, but strict clients/);
    expect(report.results[1]?.message).toContain('survey-mcp serve --stream-get-status 405');
    expect(report.counts.fail).toBe(0);
  });

  test('one that answers 405 satisfies strict clients and fails the contract', async () => {
    const report = await withFakeDeployment({ faults: { streamStatus: 405 } }, (fake) => runAgainst(fake, { only }));
    expect(report.results.map((result) => [result.id, result.status])).toEqual([
      ['stream-request-404', 'fail'],
      ['stream-get-strict-clients', 'pass'],
    ]);
  });
});

describe('conformant variations the mcp checks pass', () => {
  test('a batch answered as an event stream (one answer, a notification, the rest as an array) passes batch-answers-jsonrpc', async () => {
    const report = await withFakeDeployment({ faults: { batchAnsweredAsEventStream: true } }, (fake) => runAgainst(fake, { only: ['batch-answers-jsonrpc'] }));
    expect(report.results.map((result) => [result.id, result.status, result.message])).toEqual([['batch-answers-jsonrpc', 'pass', expect.stringMatching(/\d+ JSON-RPC 2\.0 answers under their ids/)]]);
  });

  test('a refusal as the Python SDK gives it (400, -32602 under id "server-error") passes invalid-jsonrpc-message, its code noted', async () => {
    const report = await withFakeDeployment({ faults: { invalidMessageAsPythonSdk: true } }, (fake) => runAgainst(fake, { only: ['invalid-jsonrpc-message'] }));
    expect(report.results.map((result) => [result.id, result.status])).toEqual([['invalid-jsonrpc-message', 'pass']]);
    expect(report.results[0]?.message).toContain('HTTP 400, JSON-RPC error -32602 (JSON-RPC 2.0 names -32600) under id "server-error"');
  });
});

describe('the output schema judgement of structured-content-schema', () => {
  const question = {
    type: 'object',
    properties: {
      id: { type: 'string' },
      position: { type: 'integer', minimum: 1 },
      kind: { type: 'string', enum: ['nps', 'rating'] },
      opens_at: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
      choices: { type: 'array', items: { type: 'object', properties: { label: { type: 'string' } }, required: ['label'], additionalProperties: false } },
      settings: { type: 'object', additionalProperties: {} },
    },
    required: ['id', 'position'],
    additionalProperties: false,
  };
  const good = { id: 'q1', position: 1, kind: 'nps', opens_at: null, choices: [{ label: 'Yes' }], settings: { max: 10 } };

  test('takes a value of the schema, an unknown keyword (format) left unjudged', () => {
    expect(schemaViolation(good, question, 'q')).toBeUndefined();
    expect(schemaViolation({ ...good, opens_at: 'not a date' }, question, 'q')).toBeUndefined();
  });

  test('names the first place a value departs from its schema', () => {
    expect(schemaViolation({ ...good, hint: '' }, question, 'q')).toBe('q has "hint", which its schema does not declare (additionalProperties: false)');
    expect(schemaViolation({ ...good, choices: [{ label: 'Yes', id: 'c1' }] }, question, 'q')).toBe('q.choices[0] has "id", which its schema does not declare (additionalProperties: false)');
    expect(schemaViolation({ ...good, position: 1.5 }, question, 'q')).toBe('q.position is 1.5, not of type integer');
    expect(schemaViolation({ ...good, position: 0 }, question, 'q')).toBe('q.position is 0, below its minimum 1');
    expect(schemaViolation({ ...good, kind: 'date' }, question, 'q')).toBe('q.kind is "date", not one of ["nps","rating"]');
    expect(schemaViolation({ ...good, opens_at: 3 }, question, 'q')).toBe('q.opens_at matches none of its anyOf (q.opens_at is 3, not of type string; q.opens_at is 3, not of type null)');
    expect(schemaViolation({ id: 'q1' }, question, 'q')).toBe('q lacks the required "position"');
  });
});

describe('the output schema judgement, against what other schema generators write', () => {
  const cat = { type: 'object', properties: { kind: { const: 'cat' }, lives: { type: 'integer' } }, required: ['kind'] };
  const dog = { type: 'object', properties: { kind: { const: 'dog' } }, required: ['kind'] };

  test('a oneOf of references (Pydantic’s discriminated union) takes its values, the references unfollowed', () => {
    const union = { oneOf: [{ $ref: '#/$defs/Cat' }, { $ref: '#/$defs/Dog' }], discriminator: { propertyName: 'kind' }, $defs: { Cat: cat, Dog: dog } };
    expect(schemaViolation({ kind: 'cat', lives: 9 }, union, 'pet')).toBeUndefined();
    expect(schemaViolation({ kind: 'dog' }, { oneOf: [{ type: 'object', pattern: 'x' }, { type: 'object' }] }, 'pet')).toBeUndefined();
  });

  test('a oneOf fails more than one match only among options judged in full', () => {
    expect(schemaViolation({ kind: 'cat' }, { oneOf: [cat, dog] }, 'pet')).toBeUndefined();
    expect(schemaViolation(3, { oneOf: [{ type: 'integer' }, { type: 'number' }] }, 'n')).toBe('n matches 2 of its oneOf, not exactly one');
    expect(schemaViolation({ kind: 'fox' }, { oneOf: [cat, dog] }, 'pet')).toMatch(/^pet matches none of its oneOf \(pet\.kind is "fox", not "cat"/);
  });

  test('enum and const compare objects by content, whatever their keys’ order', () => {
    expect(schemaViolation({ b: 2, a: [1, { d: 4, c: 3 }] }, { enum: [{ a: [1, { c: 3, d: 4 }], b: 2 }] }, 'v')).toBeUndefined();
    expect(schemaViolation({ b: 2, a: 1 }, { const: { a: 1, b: 2 } }, 'v')).toBeUndefined();
    expect(schemaViolation({ a: 1 }, { const: { a: 1, b: 2 } }, 'v')).toBe('v is {"a":1}, not {"a":1,"b":2}');
  });

  test('a key a patternProperties pattern covers is not additional; an uncompilable pattern leaves additionalProperties unjudged', () => {
    const labels = { type: 'object', properties: { id: {} }, patternProperties: { '^x-': { type: 'string' } }, additionalProperties: false };
    expect(schemaViolation({ id: 1, 'x-team': 'a' }, labels, 'l')).toBeUndefined();
    expect(schemaViolation({ id: 1, team: 'a' }, labels, 'l')).toBe('l has "team", which its schema does not declare (additionalProperties: false)');
    expect(schemaViolation({ 'x-team': 'a' }, { ...labels, additionalProperties: { type: 'integer' } }, 'l')).toBeUndefined();
    expect(schemaViolation({ team: 'a' }, { ...labels, patternProperties: { '(?i)^X-': {} } }, 'l')).toBeUndefined();
  });

  test('references, type arrays, 1.0 as integer, nullable, allOf and unknown keywords never fail a value of the schema', () => {
    expect(schemaViolation(7, { $ref: '#/$defs/Name', type: 'string' }, 'v')).toBeUndefined();
    expect(schemaViolation(null, { type: ['string', 'null'] }, 'v')).toBeUndefined();
    expect(schemaViolation(1.0, { type: 'integer' }, 'v')).toBeUndefined();
    expect(schemaViolation(null, { type: 'string', nullable: true }, 'v')).toBeUndefined();
    expect(schemaViolation('a', { type: 'any' }, 'v')).toBeUndefined();
    expect(schemaViolation({ a: 1, b: 'x' }, { allOf: [{ required: ['a'] }, { properties: { b: { type: 'string' } } }] }, 'v')).toBeUndefined();
    const conditional = { type: 'object', if: { required: ['a'] }, then: { required: ['b'] }, dependentRequired: { c: ['d'] } };
    expect(schemaViolation({ a: 1, c: 1 }, conditional, 'v')).toBeUndefined();
    expect(schemaViolation({ toString: 1 }, { properties: { toString: { type: 'integer' } }, additionalProperties: false }, 'v')).toBeUndefined();
    expect(schemaViolation({}, { required: ['toString'] }, 'v')).toBe('v lacks the required "toString"');
  });

  test('prefixItems judge the first items by position and items only the rest', () => {
    const pair = { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: { type: 'boolean' } };
    expect(schemaViolation(['a', 1, true, false], pair, 't')).toBeUndefined();
    expect(schemaViolation(['a', 'b'], pair, 't')).toBe('t[1] is "b", not of type integer');
    expect(schemaViolation(['a', 1, 2], pair, 't')).toBe('t[2] is 2, not of type boolean');
    expect(schemaViolation(['a', 1, 2], { type: 'array', items: [{ type: 'string' }, { type: 'integer' }], additionalItems: false }, 't')).toBeUndefined();
  });
});
