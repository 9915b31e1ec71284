import type { Check } from './check.js';
import { DISCOVERY } from './catalog/discovery.js';
import { REGISTRATION } from './catalog/registration.js';
import { AUTHORIZATION } from './catalog/authorization.js';
import { MCP_2025 } from './catalog/mcp.js';
import { WHILE_TOKEN_WORKS } from './catalog/while-token-works.js';
import { TOOL_ERRORS } from './catalog/tool-errors.js';
import { MODERN_MCP } from './catalog/modern-mcp.js';
import { CONFIRMATIONS } from './catalog/confirmations.js';
import { RATE_LIMITS } from './catalog/rate-limits.js';
import { REVOCATION } from './catalog/revocation.js';
import { LAST } from './catalog/last.js';
import { SURVIVORS } from './catalog/survivors.js';
import { ID_JAG } from './catalog/id-jag.js';

/**
 * Every check, in the order it runs: one list per phase, each in its own file under catalog/. The
 * order matters: checks that need a working token run before the rate-limit phase spends the
 * person's budget, revocation comes after both, and the registration limit comes last because it
 * leaves this machine unable to register for a while.
 */
export const CATALOG: readonly Check[] = [
  ...DISCOVERY,
  ...REGISTRATION,
  ...AUTHORIZATION,
  ...MCP_2025,
  ...WHILE_TOKEN_WORKS,
  ...TOOL_ERRORS,
  ...MODERN_MCP,
  ...CONFIRMATIONS,
  ...SURVIVORS,
  ...ID_JAG,
  ...RATE_LIMITS,
  ...REVOCATION,
  ...LAST,
];
