import type { Check } from '../check.js';
import { toolErrorNotAuthorized } from '../checks/tool-errors/tool-error-not-authorized.js';
import { toolErrorNotFound } from '../checks/tool-errors/tool-error-not-found.js';
import { toolErrorValidation } from '../checks/tool-errors/tool-error-validation.js';

/** Tool error results (contract 7.2). */
export const TOOL_ERRORS: readonly Check[] = [
  toolErrorNotFound,
  toolErrorNotAuthorized,
  toolErrorValidation,
];
