import { ListToolsResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Platform } from '../platform/index.js';
import { readerKey } from '../store/reader-key.js';
import { notAuthorized } from '../platform/errors.js';
import { StoreContentionError, StoreUnavailableError } from '../store/errors.js';
import { maxAnswerChars } from './tool-result.js';
import { defineTool } from './tool.js';
import { createToolRegistry } from './tool-registry.js';
import { surveyTools } from './tools/index.js';

const readTools = ['get_me', 'list_surveys', 'get_survey', 'get_survey_results', 'list_responses', 'get_response'];

/** Every key of a JSON value, however deep. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
}

/** A tool that fails the way a test tells it to, to watch how the registry reports it. */
function failingTool(failure: unknown) {
  return defineTool({
    name: 'echo',
    title: 'Echo',
    description: 'Echoes its word.',
    input: z.strictObject({ word: z.string() }),
    output: z.strictObject({ word: z.string() }),
    annotations: { readOnlyHint: true },
    run: async (_context, args) => {
      if (failure !== undefined) throw failure;
      return { word: args.word };
    },
  });
}

const context = { platform: {} as Platform, userId: 'usr_test' };
const errorOf = (result: { content: unknown[] }) => JSON.parse((result.content[0] as { text: string }).text) as { error: string };

describe('tools/list', () => {
  const { tools } = createToolRegistry(surveyTools).list();

  it('lists the fourteen tools of tools.md, each with a title, a description and object schemas', () => {
    expect(tools.map((tool) => tool.name)).toEqual([
      ...readTools,
      'create_survey',
      'update_survey',
      'set_survey_status',
      'add_question',
      'update_question',
      'delete_question',
      'share_survey',
      'list_audit_events',
    ]);
    for (const tool of tools) {
      expect(tool.title).toEqual(expect.any(String));
      expect(tool.description!.length).toBeGreaterThan(80);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema!.type).toBe('object');
    }
  });

  it('parses as a tools/list result the way the SDK client parses it', () => {
    expect(ListToolsResultSchema.parse({ tools }).tools).toHaveLength(14);
  });

  it('describes every argument, so an assistant knows what to pass', () => {
    for (const tool of tools) {
      for (const [name, property] of Object.entries(tool.inputSchema.properties ?? {})) {
        expect({ tool: tool.name, name, description: (property as { description?: string }).description }).toEqual({
          tool: tool.name,
          name,
          description: expect.any(String),
        });
      }
    }
  });

  it('emits no $schema or $ref, which some clients cannot resolve, and no regex restating date-time', () => {
    const keys = keysOf(tools);
    expect(keys).not.toContain('$schema');
    expect(keys).not.toContain('$ref');
    expect(keys).not.toContain('pattern');
    const updateSurvey = tools.find((tool) => tool.name === 'update_survey')!;
    expect(updateSurvey.inputSchema.properties!.closes_at).toMatchObject({ anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] });
  });

  it('refuses unknown arguments in the listed schemas too', () => {
    for (const tool of tools) expect(tool.inputSchema.additionalProperties).toBe(false);
  });

  it('puts the bounds in the schema, e.g. a page size of 1 to 100 defaulting to 25', () => {
    const listSurveys = tools.find((tool) => tool.name === 'list_surveys')!;
    expect(listSurveys.inputSchema.properties!.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 25 });
    expect(listSurveys.inputSchema.required ?? []).toEqual([]);
  });

  it('marks read tools (the audit trail too) read-only and closed-world, and the destructive and idempotent ones as tools.md says', () => {
    const annotations = Object.fromEntries(tools.map((tool) => [tool.name, tool.annotations]));
    for (const name of [...readTools, 'list_audit_events']) expect(annotations[name]).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    expect(annotations.delete_question).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    for (const name of ['set_survey_status', 'share_survey']) {
      expect(annotations[name]).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    }
    for (const name of ['create_survey', 'update_survey', 'add_question', 'update_question']) {
      expect(annotations[name]).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    }
  });
});

describe('tools/call', () => {
  it('answers success with structuredContent mirrored as JSON text', async () => {
    const result = await createToolRegistry([failingTool(undefined)]).call('echo', { word: 'hi' }, context);
    expect(result).toEqual({ content: [{ type: 'text', text: '{"word":"hi"}' }], structuredContent: { word: 'hi' } });
  });

  it('answers an unknown tool with a tool error naming the tools there are', async () => {
    const result = await createToolRegistry(surveyTools).call('delete_survey', {}, context);
    expect(result.isError).toBe(true);
    expect(result).not.toHaveProperty('structuredContent');
    expect(errorOf(result).error).toMatch(/^unknown tool 'delete_survey': the tools are get_me, list_surveys, /);
  });

  it.each([
    ['list_surveys', { limit: 101 }, "validation failed: 'limit' must be at most 100"],
    ['list_surveys', { limit: 0 }, "validation failed: 'limit' must be at least 1"],
    ['list_surveys', { colour: 'red' }, "validation failed: unknown argument 'colour'"],
    ['list_surveys', { status: 'deleted' }, `validation failed: 'status' must be one of "draft", "open", "paused", "closed", "archived"`],
    ['get_survey', {}, "validation failed: 'survey_id' is required"],
    ['get_survey', { survey_id: 42 }, "validation failed: 'survey_id' must be a string, got number"],
    ['create_survey', { workspace_id: 'wsp_1', title: 'x'.repeat(201) }, "validation failed: 'title' must be at most 200 characters"],
    [
      'add_question',
      { survey_id: 'srv_1', type: 'single_choice', text: 'Pick', choices: ['only'] },
      "validation failed: 'choices' must have at least 2 items",
    ],
    ['update_survey', { survey_id: 'srv_1', closes_at: 'next week' }, "validation failed: 'closes_at' must be a valid ISO-8601 date-time"],
    ['list_responses', { survey_id: 'srv_1', question_ids: Array(201).fill('qst_1') }, "validation failed: 'question_ids' must have at most 200 items"],
    [
      'add_question',
      { survey_id: 'srv_1', type: 'rating', text: 'Rate', settings: { max: [[[5]]] } },
      "validation failed: 'settings': values must be numbers, text, true/false or null, not lists or objects",
    ],
    [
      'share_survey',
      { survey_id: 'srv_1', user_email: 'a@example.com', role: 'owner' },
      `validation failed: 'role' must be one of "viewer", "analyst", "editor", "none"`,
    ],
  ])('refuses %s %j with a tool error before the platform is called', async (name, args, message) => {
    const result = await createToolRegistry(surveyTools).call(name, args, context);
    expect(result).toEqual({ content: [{ type: 'text', text: JSON.stringify({ error: message }) }], isError: true });
  });

  it('passes a platform error message through unchanged', async () => {
    const registry = createToolRegistry([failingTool(notAuthorized('view', 'survey', 'srv_123'))]);
    const result = await registry.call('echo', { word: 'hi' }, context);
    expect(result).toEqual({
      content: [{ type: 'text', text: `{"error":"not authorized to view survey 'srv_123'"}` }],
      isError: true,
    });
  });

  it('hides an unexpected error behind a reference that is also logged', async () => {
    const logged: Array<[string, unknown]> = [];
    const failure = new TypeError('secret detail');
    const registry = createToolRegistry([failingTool(failure)], { logError: (reference, error) => logged.push([reference, error]) });
    const result = await registry.call('echo', { word: 'hi' }, context);
    expect(result.isError).toBe(true);
    const { error } = errorOf(result);
    expect(error).toMatch(/^internal error while running echo \(reference [0-9a-f-]{36}\)$/);
    expect(logged).toEqual([[error.slice(-37, -1), failure]]);
  });

  it('answers a tool error, not an HTTP failure, when the answer is over the cap or cannot be serialised', async () => {
    const answering = (answer: Record<string, unknown>) =>
      defineTool({ ...failingTool(undefined), output: z.looseObject({}), run: async () => answer });
    const huge = await createToolRegistry([answering({ word: 'x'.repeat(maxAnswerChars) })]).call('echo', { word: 'hi' }, context);
    expect(errorOf(huge).error).toBe(
      'validation failed: the answer of echo would be over the 1.0 MB an answer may hold: ask for less (a smaller limit, fewer question_ids or a narrower filter)',
    );
    // What V8 throws past its string length limit (~512 MB), without spending the memory.
    const unserialisable = {
      toJSON: () => {
        throw new RangeError('Invalid string length');
      },
    };
    const failed = await createToolRegistry([answering(unserialisable)]).call('echo', { word: 'hi' }, context);
    expect(errorOf(failed).error).toMatch(/^validation failed: the answer of echo would be over the 1.0 MB/);
  });

  it('answers contention on a survey with its message: the person may try again', async () => {
    const registry = createToolRegistry([failingTool(new StoreContentionError('srv_1', 5))]);
    expect(errorOf(await registry.call('echo', { word: 'hi' }, context)).error).toMatch(/^survey 'srv_1' is being changed by other requests/);
  });

  it('builds no answer for a caller gone while the tool ran, and logs nothing', async () => {
    const gone = new AbortController();
    const logged: unknown[] = [];
    const registry = createToolRegistry([failingTool(undefined)], { logError: (_reference, error) => logged.push(error) });
    const result = await readerKey.run({ person: 'usr_1', gone: gone.signal }, () => {
      const calling = registry.call('echo', { word: 'hi' }, context);
      gone.abort();
      return calling;
    });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(errorOf(result).error).toBe('not run: the client of this request has gone');
    expect(logged).toEqual([]);
  });

  it('lets a store outage through for the HTTP layer to answer 503', async () => {
    const registry = createToolRegistry([failingTool(new StoreUnavailableError('database is down'))]);
    await expect(registry.call('echo', { word: 'hi' }, context)).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});
