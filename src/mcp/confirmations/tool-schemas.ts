import { z } from 'zod';
import type { SurveyTool } from '../tool.js';

const confirmationToken = z
  .string()
  .min(1)
  .max(4096)
  .optional()
  .describe(
    'Only to confirm a change the person agreed to: the confirmation_token a "confirmation required" error gave for this very call (same arguments), within 5 minutes.',
  );

/** A confirmable tool takes an optional `confirmation_token` beside its own arguments (the confirmation-token flow). */
export function confirmable(tool: SurveyTool): SurveyTool {
  return tool.confirmation ? { ...tool, input: tool.input.extend({ confirmation_token: confirmationToken }) } : tool;
}

/** The complete answer of a call the person declined (gate.ts `declinedResult`). */
const declined = z.toJSONSchema(
  z.strictObject({
    changed: z.literal(false),
    confirmed: z.literal(false).describe('The person declined or cancelled the confirmation; nothing changed.'),
    message: z.string(),
  }),
);

/** A confirmable tool answers either its own result or, when the person declined, the declined one. */
export function orDeclined(output: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _draft, ...shape } = declined;
  return { type: 'object', anyOf: [output, shape] };
}
