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
