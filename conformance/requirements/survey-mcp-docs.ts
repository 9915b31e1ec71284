import { inEra, requirementsFrom, type Requirement } from './requirement.js';

const { should } = requirementsFrom('survey-mcp tools', 'any');

/**
 * What survey-mcp's docs promise where no MUST of the contract or a standard binds: SHOULDs, each
 * a warning, since a deployment that chose otherwise breaks no rule (issue 41 item 5).
 */
export const SURVEY_MCP_DOC_REQUIREMENTS: readonly Requirement[] = [
  // MCP Apps lets a server leave views out of resources/list (apps-list-omission); survey-mcp lists its one.
  should('tools-views-listed', 'docs/server.md (resources/list names the results view)', 'resources/list names every ui:// view a tool names, in each era', [
    inEra('2025-11-25', 'mcp-app-views-listed'),
    inEra('2026-07-28', 'mcp-app-views-listed'),
  ]),
  // Contract section 5.1 leaves sign-in to the platform; no RFC sets a sign-in rate.
  should('tools-sign-in-account-budget', 'docs/sign-in-security.md (the person\'s own account budget)', 'Wrong passwords for one account are refused past a per-account budget, even all from one address', [
    'sign-in-account-budget',
  ]),
  // No standard speaks of the sign-in page's words; survey-mcp answers both refusals alike.
  should('tools-sign-in-refusals-alike', 'docs/sign-in-security.md (a wrong password and an unknown address answered alike)', 'The password form answers a wrong password and an address no account has alike', [
    'sign-in-refusals-alike',
  ]),
];
