import { randomUUID } from 'node:crypto';
import type { CallToolResult, ListToolsResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { callerGone, CallerGoneError } from '../platform/caller-gone.js';
import { PlatformError, shown } from '../platform/errors.js';
import { StoreContentionError, StoreUnavailableError } from '../store/errors.js';
import { systemClock } from '../platform/clock.js';
import type { Platform } from '../platform/index.js';
import { describeIssue } from './arguments.js';
import { confirmable, orDeclined } from './confirmations/tool-schemas.js';
import { confirmationTokenFlow } from './confirmations/token-flow.js';
import type { SurveyTool, ToolContext } from './tool.js';
import { toolError, toolSuccess } from './tool-result.js';

/** A 2025-11-25 call whose client cannot ask its person (the era's default). */
const legacyTokenFlow = confirmationTokenFlow('2025-11-25');

export interface ToolRegistry {
  list(): ListToolsResult;
  /** A tool result, or the era's input-required result for a call that needs confirmation. */
  call(name: string, args: unknown, context: ToolContext): Promise<CallToolResult>;
}

export interface ToolRegistryOptions {
  /** Where unexpected failures are reported; the caller only sees a reference to quote. */
  readonly logError?: (reference: string, error: unknown) => void;
}

/**
 * Converts every schema to JSON Schema once: `tools/list` answers from memory instead of
 * re-converting every tool's zod schemas per request.
 */
export function createToolRegistry(given: readonly SurveyTool[], options: ToolRegistryOptions = {}): ToolRegistry {
  const tools = given.map(confirmable);
  const byName = new Map<string, SurveyTool>(tools.map((tool) => [tool.name, tool]));
  const listing: ListToolsResult = { tools: tools.map(describeTool) };
  const logError = options.logError ?? ((reference, error) => console.error(`tool failure ${reference}:`, error));

  return {
    list: () => listing,
    async call(name, args, context) {
      const tool = byName.get(name);
      if (!tool) {
        return toolError(`unknown tool '${shown(name)}': the tools are ${[...byName.keys()].join(', ')}`);
      }
      // reportInput lets the message say what was given (`limit must be a number, got the string "5"`).
      const parsed = tool.input.safeParse(args ?? {}, { reportInput: true });
      if (!parsed.success) {
        return toolError(`validation failed: ${describeIssue(parsed.error.issues[0]!)}`);
      }
      const { confirmation_token: confirmationToken, ...bound } = parsed.data as Record<string, unknown>;
      const run = async (platform: Platform): Promise<CallToolResult> => {
        try {
          const result = (await tool.run({ ...context, platform }, bound as typeof parsed.data)) as Record<string, unknown>;
          // Its answer would be made for no one.
          if (callerGone()) throw new CallerGoneError();
          return await toolSuccess(name, result);
        } catch (error) {
          // Contention is not the database failing: the person may simply try again. A gone
          // caller's answer is never sent.
          if (error instanceof PlatformError || error instanceof StoreContentionError || error instanceof CallerGoneError) return toolError(error.message);
          // The HTTP layer answers 503 for an unreachable store; that is not the tool's fault.
          if (error instanceof StoreUnavailableError) throw error;
          const reference = randomUUID();
          logError(reference, error);
          return toolError(`internal error while running ${name} (reference ${reference})`);
        }
      };
      if (!tool.confirmation) return run(context.platform);
      const flow = context.confirm ?? legacyTokenFlow;
      return (await flow({
        tool: name,
        operation: tool.confirmation,
        args: bound,
        confirmationToken: confirmationToken as string | undefined,
        userId: context.userId,
        clientId: context.clientId ?? '',
        platform: context.platform,
        clock: context.clock ?? systemClock,
        confirmationPage: context.confirmationPage,
        run,
      })) as CallToolResult;
    },
  };
}

function describeTool(tool: SurveyTool): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: jsonSchema(tool.input, 'input') as Tool['inputSchema'],
    outputSchema: (tool.confirmation ? orDeclined(jsonSchema(tool.output, 'output')) : jsonSchema(tool.output, 'output')) as Tool['outputSchema'],
    annotations: { title: tool.title, ...tool.annotations },
    ...(tool.meta ? { _meta: { ...tool.meta } } : {}),
  };
}

/**
 * Without zod's `$schema` (draft 2020-12, the MCP default anyway): validators built for draft-07,
 * such as a default Ajv with meta-schema checks on, refuse to compile a schema naming it. And
 * without the ~400-character regex zod adds beside `format: date-time`, which only restates the
 * format and would cost every client's context window dozens of copies.
 */
function jsonSchema(schema: z.ZodObject, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _draft, ...rest } = z.toJSONSchema(schema, {
    io,
    override: ({ jsonSchema }) => {
      if (jsonSchema.format === 'date-time') delete jsonSchema.pattern;
    },
  });
  return rest;
}
