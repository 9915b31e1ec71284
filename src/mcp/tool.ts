import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { Platform } from '../platform/index.js';

/** Who is calling: the person the bearer token acts for. */
export interface ToolContext {
  readonly platform: Platform;
  readonly userId: string;
}

/**
 * One tool: its schemas, what an assistant reads about it, and a thin `run` that calls the
 * platform. Arguments arrive already parsed by `input`.
 */
export interface SurveyTool<Input extends z.ZodObject = z.ZodObject> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly input: Input;
  readonly output: z.ZodObject;
  readonly annotations: ToolAnnotations;
  /** Listed as the tool's `_meta`, e.g. the MCP App that draws its answer. */
  readonly meta?: Readonly<Record<string, unknown>>;
  run(context: ToolContext, args: z.output<Input>): Promise<object>;
}

/** Keeps each tool file's `run` typed by its own input schema. */
export const defineTool = <Input extends z.ZodObject>(tool: SurveyTool<Input>): SurveyTool<Input> => tool;
