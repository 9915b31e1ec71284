import { isPlainObject } from '../plain-object.js';

/**
 * Whether `initialize` params declare form elicitation: `capabilities.elicitation` as `{}` (form,
 * as before 2025-11-25 named modes) or with `form`; a client declaring only `url` cannot show a form.
 */
export function declaresFormElicitation(params: unknown): boolean {
  const capabilities = isPlainObject(params) ? params.capabilities : undefined;
  const elicitation = isPlainObject(capabilities) ? capabilities.elicitation : undefined;
  if (!isPlainObject(elicitation)) return false;
  return Object.keys(elicitation).length === 0 || isPlainObject(elicitation.form);
}
