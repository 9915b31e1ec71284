import { MCP_REASON as why } from './mcp-reasons.js';
import { branch, missing, requirementsFrom, type Requirement } from './requirement.js';

const { must, should } = requirementsFrom('MCP 2026-07-28', '2026-07-28');

/** MCP 2026-07-28, the server pages (discover, tools, resources, prompts, utilities) and what client features ask of a server. */
export const MCP_2026_07_28_SERVER: readonly Requirement[] = [
  // server/discover, server/tools
  should('mcp-2026-07-28-discover-server-info', 'server/discover "DiscoverResult"', 'server/discover carries serverInfo in _meta', ['modern-server-info']),
  must('mcp-2026-07-28-tools-capability', 'server/tools "Capabilities"', 'A server with tools declares the tools capability', ['modern-discover']),
  must('mcp-2026-07-28-tools-list', 'server/tools "Capabilities"', 'tools/list answers the tools available, the same whatever came before on the connection', [
    branch('the tools, whatever came before', 'modern-result-type', 'modern-tools-list-deterministic'),
    branch('the same tools to a request with a progressToken or a cursor no page gave (for the cursor also an empty page or -32602)', 'modern-tools-list-request-extras'),
  ]),
  should('mcp-2026-07-28-tools-order', 'server/tools "Capabilities"', 'tools/list returns the tools in a deterministic order', ['modern-tools-list-deterministic']),
  should('mcp-2026-07-28-list-changed', 'server/tools "List Changed Notification"', 'A server that declared listChanged notifies listen streams of changes', { unobservable: why.subscriptions }),
  must('mcp-2026-07-28-input-schema', 'server/tools "Tool"', 'Every inputSchema is a valid JSON Schema object, not null', ['modern-tool-input-schemas']),
  should('mcp-2026-07-28-tool-names', 'server/tools "Tool Names"', 'Tool names are 1–128 characters of A-Z a-z 0-9 _ - ., unique', ['modern-tool-names']),
  should('mcp-2026-07-28-no-sensitive-headers', 'server/tools "x-mcp-header"', 'Sensitive parameters are not marked x-mcp-header', { unobservable: why.xMcpHeader }),
  should('mcp-2026-07-28-embedded-resources', 'server/tools "Embedded Resources"', 'A server that embeds resources implements the resources capability', { unobservable: why.fileResources }),
  should('mcp-2026-07-28-structured-text', 'server/tools "Structured Content"', 'A structured result also carries its JSON in a text block', ['modern-structured-content-text']),
  must('mcp-2026-07-28-output-schema', 'server/tools "Output Schema"', 'Structured results conform to the tool\'s outputSchema', ['modern-structured-content-schema']),
  must('mcp-2026-07-28-tool-security', 'server/tools "Security Considerations"', 'Tool inputs are validated, access controlled, rate limited and outputs sanitised', [
    branch('inputs validated', 'tool-error-validation'),
    branch('access controlled', 'tool-error-not-authorized'),
    branch('rate limited', 'mcp-rate-limit-enforced'),
  ]),

  // server/resources, server/prompts
  must('mcp-2026-07-28-resources-capability', 'server/resources "Capabilities"', 'A server with resources declares the resources capability and answers resources/list', [
    'modern-capabilities-declared',
  ]),
  should('mcp-2026-07-28-resources-list-changed', 'server/resources "List Changed Notification"', 'A server that declared listChanged notifies of changes', { unobservable: why.subscriptions }),
  should('mcp-2026-07-28-resource-schemes', 'server/resources "Common URI Schemes"', 'https:// only for resources the client can fetch itself; custom schemes follow RFC 3986', {
    unobservable: why.fileResources,
  }),
  must('mcp-2026-07-28-resource-not-found', 'server/resources "Error Handling"', 'An unknown resource gets -32602, never an empty contents array', ['modern-resource-not-found-32602']),
  should('mcp-2026-07-28-resource-internal-error', 'server/resources "Error Handling"', 'Internal errors get -32603', { unobservable: 'needs the deployment to fail inside; the runner cannot cause that' }),
  must('mcp-2026-07-28-resource-security', 'server/resources "Security Considerations"', 'Resource URIs are validated, binary data encoded, file paths sanitised', ['modern-resource-not-found-32602']),
  must('mcp-2026-07-28-prompts', 'server/prompts', 'A server with prompts declares them, lists them and validates their arguments', { unobservable: why.prompts }),

  // server/utilities
  must('mcp-2026-07-28-cache-hints', 'server/utilities/caching', 'tools/list carries ttlMs and cacheScope', [
    branch('to a client that offers MCP Apps', 'modern-tools-list-cache-hints'),
    branch('to a client that offers no capability', 'modern-tools-list-cache-hints'),
  ]),
  must('mcp-2026-07-28-cacheable-results', 'server/utilities/caching "Cacheable Results"', 'server/discover, resources/list and resources/read carry ttlMs >= 0 and cacheScope too, and skills/list and skills/get (SEP-2640)', [
    branch('server/discover, resources/list and resources/read', 'modern-cacheable-results-hints'),
    branch('skills/list and skills/get, where the Skills extension is declared', 'modern-cacheable-results-hints'),
  ]),
  must('mcp-2026-07-28-uncacheable-results', 'server/utilities/caching "Cacheable Results"; SEP-2322 multi round-trip requests', 'Only the results the revision names are cacheable: a tools/call result (one person\'s) is never cacheScope "public", and one asking for input (input_required, bound to its requestState) carries no ttlMs or cacheScope', [
    'uncacheable-results-unmarked',
  ]),
  must('mcp-2026-07-28-cache-scope-pages', 'server/utilities/caching "Interaction with Pagination"', 'Every page of one list has the same cacheScope', {
    unobservable: 'the contract\'s lists fit one page; there is no second page to compare',
  }),
  must('mcp-2026-07-28-cache-access-control', 'server/utilities/caching "Security Considerations"', 'Access control does not rest on cacheScope', [
    branch('no token', 'missing-token-401'),
    branch('a record the person may not open', 'tool-error-not-authorized'),
  ]),
  should('mcp-2026-07-28-pagination', 'server/utilities/pagination "Implementation Guidelines"', 'Cursors are stable and invalid ones handled gracefully', {
    unobservable: 'the contract\'s lists fit one page, so no cursor is ever issued; what an unsolicited cursor means is left to the server',
  }),
  must('mcp-2026-07-28-logging', 'server/utilities/logging', 'Log messages only for requests with a logLevel, on their own stream, with the logging capability, and never secrets', {
    unobservable: why.logging,
  }),
  must('mcp-2026-07-28-completions', 'server/utilities/completion', 'A server with completions declares the capability and validates inputs', { unobservable: why.completions }),
  must('mcp-2026-07-28-undeclared-features', 'server/utilities/completion "Capabilities"; server/prompts "Capabilities"; server/utilities/logging "Capabilities"', 'A feature served is a feature declared: prompts, completions and logging answer only when their capability is declared', [
    'modern-capabilities-declared',
  ]),

  // client features: what they ask of a server
  // Proven on delete_question's input request (issue 37, conformance/checks/confirmations/).
  must('mcp-2026-07-28-elicitation', 'client/elicitation', 'Elicitation requests respect client modes, ask no secrets in form mode, and bind to the user', [
    branch('form mode, only to a client that declared elicitation', 'confirmation-asked-first'),
    branch('elicitation {} is form mode: asked with a form', 'confirmation-asked-first'),
    branch('URL mode alone: never sent a form', 'confirmation-asked-first'),
    missing('no secrets asked in form mode', 'whether a form asks for a secret is in its words; the runner reads only that the confirmation\'s form has a boolean field'),
    missing('bound to the user', 'the runner signs in one person: no check presents a requestState as another'),
  ]),
  must('mcp-2026-07-28-sampling', 'client/sampling', 'Tool-enabled sampling only for clients that declared it', { unobservable: why.serverRequests }),
  should('mcp-2026-07-28-roots', 'client/roots', 'Servers respect the roots a client gives', { unobservable: why.serverRequests }),
];
