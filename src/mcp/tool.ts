import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { Clock } from '../platform/clock.js';
import type { ConfirmableOperation, Platform } from '../platform/index.js';
import type { SurveyDetailRead } from '../store/survey-store.js';

/** Who is calling: the person the bearer token acts for. */
export interface ToolContext {
  readonly platform: Platform;
  readonly userId: string;
  /** The survey read with the bearer token in this request (read-ahead.ts), for `get_survey`. */
  readonly surveyRead?: SurveyDetailRead;
  /** The OAuth client the bearer token was issued to: a confirmation is bound to it. */
  readonly clientId?: string;
  readonly clock?: Clock;
  /**
   * How this request's era asks the person to confirm a call that needs it (2026-07-28's
   * input-required result, 2025-11-25's elicitation); by default the confirmation-token tool error.
   */
  readonly confirm?: ConfirmationFlow;
  /** Our confirmation page on the auth host (`{auth_url}/confirm`), where a person confirms what their client cannot ask them. */
  readonly confirmationPage?: string;
}

/** A call of a confirmable tool, its arguments parsed, as the era's confirmation flow sees it. */
export interface ConfirmableCall {
  readonly tool: string;
  readonly operation: ConfirmableOperation;
  /** The parsed arguments without `confirmation_token`: what a confirmation is bound to. */
  readonly args: Readonly<Record<string, unknown>>;
  readonly confirmationToken: string | undefined;
  readonly userId: string;
  readonly clientId: string;
  readonly platform: Platform;
  readonly clock: Clock;
  readonly confirmationPage?: string;
  /** Runs the tool on `platform` (the confirmed unit's, or the request's) and answers as for any call. */
  run(platform: Platform): Promise<CallToolResult>;
}

/** The answer to a confirmable call: a tool result, or the era's own (2026-07-28's input-required result). */
export type ConfirmationFlow = (call: ConfirmableCall) => Promise<CallToolResult | Readonly<Record<string, unknown>>>;

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
  /** The operation whose calls may need the person's confirmation (platform/confirmations.ts). */
  readonly confirmation?: ConfirmableOperation;
  run(context: ToolContext, args: z.output<Input>): Promise<z.output<Output>>;
}

/** Keeps each tool file's `run` typed by its own schemas. */
export const defineTool = <Input extends z.ZodObject, Output extends z.ZodObject>(
  tool: SurveyTool<Input, Output>,
): SurveyTool<Input, Output> => tool;
