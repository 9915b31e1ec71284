import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { Platform } from '../platform/index.js';
import type { SurveyDetailRead } from '../store/survey-store.js';

/** Who is calling: the person the bearer token acts for. */
export interface ToolContext {
  readonly platform: Platform;
  readonly userId: string;
  /** The survey read with the bearer token in this request (read-ahead.ts), for `get_survey`. */
  readonly surveyRead?: SurveyDetailRead;
}

/**
 * One tool: what an assistant reads about it, its schemas, and a thin `run` that calls the
 * platform. Arguments arrive already parsed by `input`; `run` must answer what `output` describes,
 * so the type checker proves tool and platform agree.
 */
export interface SurveyTool<Input extends z.ZodObject = z.ZodObject, Output extends z.ZodObject = z.ZodObject> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly input: Input;
  readonly output: Output;
  readonly annotations: ToolAnnotations;
  /** Listed as the tool's `_meta`, e.g. the MCP App that draws its answer. */
  readonly meta?: Readonly<Record<string, unknown>>;
  run(context: ToolContext, args: z.output<Input>): Promise<z.output<Output>>;
}

/** Keeps each tool file's `run` typed by its own schemas. */
export const defineTool = <Input extends z.ZodObject, Output extends z.ZodObject>(
  tool: SurveyTool<Input, Output>,
): SurveyTool<Input, Output> => tool;
