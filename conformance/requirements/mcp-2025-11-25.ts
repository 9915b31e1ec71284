import { MCP_REASON as why } from './mcp-reasons.js';
import { branch, missing, requirementsFrom, type Requirement } from './requirement.js';

const { must, should, may } = requirementsFrom('MCP 2025-11-25', '2025-11-25');
const anyEra = requirementsFrom('MCP 2025-11-25', 'any');

/**
 * The normative sentences of MCP 2025-11-25 (`docs/specification/2025-11-25/`) that bind a
 * server or the server side of authorization, page by page; client-only sentences are left out.
 */
export const MCP_2025_11_25_REQUIREMENTS: readonly Requirement[] = [
  // basic/index
  must('mcp-2025-11-25-base-protocol', 'basic/index', 'Every implementation supports the base protocol and lifecycle management', ['initialize', 'initialize-version-negotiation']),
  may('mcp-2025-11-25-optional-components', 'basic/index', 'Other components may be implemented as needed', { unobservable: why.permission }),
  must('mcp-2025-11-25-json-rpc', 'basic/index "Messages"', 'Every message follows JSON-RPC 2.0; a result carries the request id and a result field', ['initialize', 'tools-list']),
  must('mcp-2025-11-25-error-shape', 'basic/index "Error Responses"', 'An error carries the request id and an integer code with a message', [
    branch('an unknown method', 'unknown-method-32601'),
    branch('every error the run receives: code and message', 'jsonrpc-error-shape'),
    branch('every error answering a request whose id was readable: that id', 'error-carries-request-id'),
    branch('a request over common request-shape limits, its string id after "jsonrpc"', 'oversized-request-refused'),
  ]),
  must('mcp-2025-11-25-notification-no-response', 'basic/index "Notifications"', 'A notification gets no JSON-RPC response', ['notification-202']),
  should('mcp-2025-11-25-http-auth', 'basic/index "Auth"', 'An HTTP implementation conforms to the authorization specification', ['missing-token-401', 'protected-resource-metadata']),
  should('mcp-2025-11-25-stdio-no-auth', 'basic/index "Auth"', 'A stdio implementation takes credentials from the environment', { unobservable: why.stdio }),
  may('mcp-2025-11-25-custom-auth', 'basic/index "Auth"', 'Custom authentication may be negotiated', { unobservable: why.permission }),
  must('mcp-2025-11-25-schema-2020-12', 'basic/index "JSON Schema Usage"', 'JSON Schema 2020-12 is supported; other dialects are validated or refused with an error', { unobservable: why.jsonSchemaDialect }),
  should('mcp-2025-11-25-schema-dialects-documented', 'basic/index "Implementation Requirements"', 'Implementations document the dialects they support', { unobservable: 'documentation, not behaviour' }),
  must('mcp-2025-11-25-schema-valid', 'basic/index "Schema Validation"', 'Every schema a server publishes is valid for its dialect', ['tools-list']),
  must('mcp-2025-11-25-meta-keys', 'basic/index "_meta"', 'No assumption about values at reserved _meta keys; key names follow the prefix rules', {
    unobservable: 'the 2025-11-25 answers of the contract carry no _meta of the server\'s own, so there is no key to judge',
  }),

  // basic/lifecycle
  must('mcp-2025-11-25-initialize-answer', 'basic/lifecycle "Initialization"', 'initialize is answered with the server\'s capabilities and information', ['initialize']),
  should('mcp-2025-11-25-no-early-requests', 'basic/lifecycle "Initialization"', 'The server sends no requests but pings and logging before initialized', { unobservable: why.serverRequests }),
  must('mcp-2025-11-25-version-negotiation', 'basic/lifecycle "Version Negotiation"', 'initialize answers the version asked for when supported, else another version the server supports', [
    'initialize-version-negotiation',
  ]),
  should('mcp-2025-11-25-latest-version', 'basic/lifecycle "Version Negotiation"', 'The version offered instead is the latest the server supports', {
    unobservable: 'which versions a server supports beyond the one it offers is visible nowhere in this era, so "the latest" cannot be compared',
  }),
  must('mcp-2025-11-25-negotiated', 'basic/lifecycle "Operation"', 'Both parties keep to the negotiated version and capabilities', ['unsupported-protocol-version-400', 'initialize']),
  may('mcp-2025-11-25-server-shutdown', 'basic/lifecycle "Shutdown"', 'A stdio server may shut down by closing its output', { unobservable: why.stdio }),
  should('mcp-2025-11-25-timeouts', 'basic/lifecycle "Timeouts"', 'Implementations time out their requests and bound the timeout', { unobservable: why.internal }),
  should('mcp-2025-11-25-error-cases', 'basic/lifecycle "Error Handling"', 'Implementations handle version mismatch, failed negotiation and timeouts', ['unsupported-protocol-version-400']),

  // basic/transports
  must('mcp-2025-11-25-utf8', 'basic/transports', 'JSON-RPC messages are UTF-8', ['initialize']),
  must('mcp-2025-11-25-stdio', 'basic/transports "stdio"', 'stdio framing and stdout hygiene', { unobservable: why.stdio }),
  must('mcp-2025-11-25-endpoint', 'basic/transports "Streamable HTTP"', 'One MCP endpoint path accepts POST (and GET)', ['initialize', 'stream-get-strict-clients']),
  must('mcp-2025-11-25-origin', 'basic/transports "Security Warning"', 'An invalid Origin gets 403', ['foreign-origin-refused']),
  should('mcp-2025-11-25-localhost', 'basic/transports "Security Warning"', 'A server run locally binds to 127.0.0.1 only', {
    unobservable: 'which interfaces a process listens on is not visible from the one address the runner is given',
  }),
  should('mcp-2025-11-25-authentication', 'basic/transports "Security Warning"', 'Every connection is authenticated', ['missing-token-401', 'invalid-token-401', 'unauthenticated-get-401']),
  must('mcp-2025-11-25-notification-202', 'basic/transports "Sending Messages to the Server"', 'An accepted notification or response gets 202 with no body; a refused one an HTTP error', [
    branch('notification', 'notification-202'),
    branch('JSON-RPC response', 'response-message-202'),
  ]),
  must('mcp-2025-11-25-invalid-input', 'basic/transports "Sending Messages to the Server"; JSON-RPC 2.0 section 5.1', 'Input the server cannot accept gets an HTTP error status (a 4xx), never a server error', [
    branch('a body that is not JSON', 'invalid-jsonrpc-message'),
    branch('JSON that is not a JSON-RPC message (no method; {"hello":1})', 'invalid-jsonrpc-message'),
    branch('the JSON body null, a request whose params is null, a batch [null] without MCP-Protocol-Version', 'invalid-jsonrpc-message'),
    branch('a request over common request-shape limits (nested 64 deep, 20,001 values), single and in a batch', 'oversized-request-refused'),
  ]),
  must('mcp-2025-11-25-batch-answers', 'basic/transports "Protocol Version Header" (no header: 2025-03-26, whose POST may be a batch); JSON-RPC 2.0 sections 5 and 6', 'A batch the server takes gets, for each call, a JSON-RPC 2.0 response under its id, even past what it builds for one POST', [
    'batch-answers-jsonrpc',
  ]),
  must('mcp-2025-11-25-request-answer', 'basic/transports "Sending Messages to the Server"', 'A request is answered as application/json or an SSE stream', [
    branch('a JSON-RPC answer comes back', 'tools-list', 'tools-call'),
    missing('media type application/json or text/event-stream', 'jsonRpcOf parses any body that is not an event stream: no check reads that a 2025-11-25 answer is sent as application/json'),
  ]),
  should('mcp-2025-11-25-sse-rules', 'basic/transports "Sending Messages to the Server"', 'An SSE answer primes an event id, relates its messages to the request, and ends after the response', { unobservable: why.sse }),
  should('mcp-2025-11-25-stream-get', 'basic/transports#listening-for-messages-from-the-server', 'GET / answers an event stream or 405, which strict clients need (the contract\'s 404 wins: a warning, never a failure)', [
    'stream-get-strict-clients',
  ]),
  must('mcp-2025-11-25-get-stream-rules', 'basic/transports "Listening for Messages from the Server"', 'No response on a GET stream unless resuming; each message on one stream only; event ids unique; no replay across streams', {
    unobservable: why.notifications,
  }),
  may('mcp-2025-11-25-sessions', 'basic/transports "Session Management"', 'A server may assign a session id at initialization', {
    unobservable: `${why.permission}; the contract assigns none (section 1 rule 2, proven by session-delete-answered)`,
  }),
  must('mcp-2025-11-25-session-rules', 'basic/transports "Session Management"', 'Session ids are visible ASCII, secure, and answered 404 once ended', {
    unobservable: 'binds servers that assign sessions; the contract\'s server is stateless and assigns none',
  }),
  may('mcp-2025-11-25-delete-405', 'basic/transports "Session Management"', 'DELETE may be answered 405', ['session-delete-answered']),
  must('mcp-2025-11-25-version-header', 'basic/transports "Protocol Version Header"', 'An invalid or unsupported MCP-Protocol-Version gets 400', [
    branch('unsupported version (1999-01-01)', 'unsupported-protocol-version-400'),
    branch('invalid value (not a version)', 'protocol-version-not-a-version-400'),
    branch('a notification, not only a request', 'unsupported-protocol-version-400'),
  ]),
  should('mcp-2025-11-25-version-header-absent', 'basic/transports "Protocol Version Header"', 'A request without the header is taken as 2025-03-26 when nothing else tells the version', {
    unobservable: 'every revision the contract\'s server speaks serves the same tools the same way, so which version it assumed shows in no answer',
  }),
  must('mcp-2025-11-25-custom-transport', 'basic/transports "Custom Transports"', 'A custom transport keeps the JSON-RPC format and lifecycle', {
    unobservable: 'binds custom transports; a deployment speaks Streamable HTTP',
  }),

  // basic/utilities
  must('mcp-2025-11-25-ping', 'basic/utilities/ping "Behavior Requirements"', 'ping is answered promptly with an empty result', ['ping-empty-result']),
  should('mcp-2025-11-25-ping-practice', 'basic/utilities/ping "Implementation Considerations"', 'Pings are issued periodically, configurable, not excessive', {
    unobservable: 'binds the sender of pings; the contract\'s server sends none (no server-initiated messages)',
  }),
  should('mcp-2025-11-25-cancellation', 'basic/utilities/cancellation "Behavior Requirements"', 'A cancelled request is stopped and not answered; invalid cancellations are ignored', {
    unobservable: 'needs a request still running when its cancellation arrives; every tool of the contract answers at once',
  }),
  must('mcp-2025-11-25-progress', 'basic/utilities/progress', 'Progress notifications reference active tokens, increase and stop after completion', { unobservable: why.notifications }),
  must('mcp-2025-11-25-tasks', 'basic/utilities/tasks', 'Task-augmented requests follow the tasks capability, states, polling and cancellation rules', {
    unobservable: 'binds servers that declare the tasks capability; the contract\'s tools run to completion in one request and declare no tasks',
  }),

  // authorization
  anyEra.must('mcp-2025-11-25-as-oauth21', 'basic/authorization "Overview"', 'The authorization server implements OAuth 2.1 for public clients', [
    'authorization-code-flow',
    'pkce-required',
    'code-single-use',
    'refresh-token-rotation',
  ]),
  anyEra.should('mcp-2025-11-25-cimd', 'basic/authorization "Overview"', 'The authorization server supports client ID metadata documents', ['client-id-metadata-document-supported', 'client-metadata-document-flow']),
  anyEra.may('mcp-2025-11-25-dcr', 'basic/authorization "Overview"', 'The authorization server may support Dynamic Client Registration', { unobservable: why.permission }),
  anyEra.must('mcp-2025-11-25-prm', 'basic/authorization "Authorization Server Location"', 'The MCP server serves protected resource metadata listing at least one authorization server', [
    'protected-resource-metadata',
  ]),
  anyEra.must('mcp-2025-11-25-prm-discoverable', 'basic/authorization "Protected Resource Metadata Discovery Requirements"', 'PRM is found through the 401 challenge or a well-known URI', [
    'missing-token-401',
    'protected-resource-metadata',
  ]),
  anyEra.must('mcp-2025-11-25-as-discovery', 'basic/authorization "Overview"', 'The authorization server offers RFC 8414 metadata or OpenID Connect Discovery', [
    'authorization-server-metadata',
    'openid-configuration-document',
  ]),
  anyEra.should('mcp-2025-11-25-challenge-scope', 'basic/authorization "Protected Resource Metadata Discovery Requirements"', 'The 401 challenge names the scope needed, consistently', {
    unobservable:
      'not judged: the contract fixes the 401 challenge as Bearer resource_metadata="…" alone (section 5.4) and wins where it speaks, so a scope there is neither required nor a fault; the 403 challenge names it (insufficient-scope-challenge)',
  }),
  anyEra.must('mcp-2025-11-25-cimd-as', 'basic/authorization "Client ID Metadata Documents"', 'A URL client_id\'s document is fetched, its client_id must equal the URL, its redirect URIs bind the request', [
    'client-metadata-document-flow',
    'bad-client-metadata-document-refused',
  ]),
  anyEra.should('mcp-2025-11-25-cimd-cache', 'basic/authorization "Client ID Metadata Documents"', 'Fetched metadata documents are cached as HTTP cache headers say', { unobservable: why.internal }),
  anyEra.should('mcp-2025-11-25-resource-uppercase', 'basic/authorization "Canonical Server URI"', 'A resource with an uppercase scheme or host is accepted', {
    unobservable: 'only the scheme and host the runner is given can be sent; an uppercase host is a different address to the proxy in front and proves nothing of the server',
  }),
  anyEra.should('mcp-2025-11-25-resource-no-slash', 'basic/authorization "Canonical Server URI"', 'The canonical URI is written without a trailing slash', ['resource-matches-base-url']),
  must('mcp-2025-11-25-token-validation', 'basic/authorization "Token Handling"', 'Access tokens are validated for this resource as audience; invalid or expired ones get 401', [
    'invalid-token-401',
    'expired-token-401',
    'foreign-token-403',
  ]),
  must('mcp-2025-11-25-own-tokens-only', 'basic/authorization "Token Handling"', 'Only tokens for this server\'s own resources are accepted, and none transited', ['foreign-token-403']),
  anyEra.must('mcp-2025-11-25-auth-statuses', 'basic/authorization "Error Handling"', 'Authorization errors get 401, 403 or 400 as the table says', ['missing-token-401', 'foreign-token-403', 'token-error-responses']),
  should('mcp-2025-11-25-insufficient-scope', 'basic/authorization "Runtime Insufficient Scope Errors"', 'Insufficient scope gets 403 with error="insufficient_scope", the scope and resource_metadata, consistently', [
    'foreign-token-403',
    'insufficient-scope-challenge',
  ]),
  anyEra.must('mcp-2025-11-25-oauth-security', 'basic/authorization "Security Considerations"', 'OAuth 2.1 security best practices are followed', ['pkce-required', 'code-single-use', 'unregistered-redirect-uri-refused']),
  must('mcp-2025-11-25-audience', 'basic/authorization "Token Audience Binding and Validation"', 'Tokens presented must have been issued for this server', ['foreign-token-403']),
  anyEra.must('mcp-2025-11-25-token-storage', 'basic/authorization "Token Theft"', 'Tokens are stored securely', { unobservable: why.practice }),
  anyEra.should('mcp-2025-11-25-short-tokens', 'basic/authorization "Token Theft"', 'Access tokens are short-lived', [
    branch('code grant', 'token-scope-and-lifetime'),
    branch('refresh grant', 'refresh-token-lifetime'),
  ]),
  anyEra.must('mcp-2025-11-25-refresh-rotation', 'basic/authorization "Token Theft"', 'Refresh tokens of public clients rotate', ['refresh-token-rotation', 'spent-refresh-token-refused']),
  anyEra.must('mcp-2025-11-25-https', 'basic/authorization "Communication Security"', 'Authorization server endpoints are served over https; redirect URIs are localhost or https', {
    unobservable: why.https,
  }),
  anyEra.must('mcp-2025-11-25-oidc-pkce-field', 'basic/authorization "Authorization Code Protection"', 'An OpenID configuration lists code_challenge_methods_supported', ['openid-configuration-parser-fields', 'pkce-methods']),
  anyEra.must('mcp-2025-11-25-exact-redirect', 'basic/authorization "Open Redirection"', 'Redirect URIs are matched exactly against the registered ones', ['unregistered-redirect-uri-refused', 'code-bound-to-redirect-uri']),
  anyEra.must('mcp-2025-11-25-untrusted-redirect', 'basic/authorization "Open Redirection"', 'User agents are not redirected to untrusted URIs; only trusted ones automatically', [
    'no-error-redirect-to-untrusted-web-uri',
    'unknown-client-error-page',
  ]),
  anyEra.must('mcp-2025-11-25-cimd-security', 'basic/authorization "Client ID Metadata Document Security"', 'The metadata document draft\'s security considerations are weighed; the redirect host is shown', [
    'bad-client-metadata-document-refused',
    'consent-shows-client-and-redirect',
  ]),
  anyEra.should('mcp-2025-11-25-localhost-warning', 'basic/authorization "Localhost Redirect URI Risks"', 'localhost-only redirect URIs earn an extra warning', {
    unobservable: 'a warning is wording on the consent page; the contract does not say what it reads, so no text can be asserted',
  }),
  anyEra.must('mcp-2025-11-25-proxy-consent', 'basic/authorization "Confused Deputy Problem"', 'A proxy with a static client id gets consent per client', { unobservable: why.proxy }),
  anyEra.must('mcp-2025-11-25-validate-before-processing', 'basic/authorization "Access Token Privilege Restriction"', 'Tokens are validated before a request is processed', [
    'invalid-token-401',
    'unauthenticated-not-counted',
  ]),
  anyEra.must('mcp-2025-11-25-no-passthrough', 'basic/authorization "Access Token Privilege Restriction"', 'The client\'s token is never passed to upstream APIs', { unobservable: why.upstream }),

  // server
  must('mcp-2025-11-25-tools-capability', 'server/tools "Capabilities"', 'A server with tools declares the tools capability', ['initialize', 'capabilities-declared']),
  should('mcp-2025-11-25-tools-list-changed', 'server/tools "List Changed Notification"', 'A server that declared listChanged notifies of changes', { unobservable: why.notifications }),
  must('mcp-2025-11-25-input-schema', 'server/tools "Tool"', 'Every inputSchema is a valid JSON Schema object, not null', ['tools-list']),
  should('mcp-2025-11-25-tool-names', 'server/tools "Tool Names"', 'Tool names are 1–128 characters of A-Z a-z 0-9 _ - ., unique', ['tool-names']),
  should('mcp-2025-11-25-structured-text', 'server/tools "Structured Content"', 'A structured result also carries its JSON in a text block', [
    branch('a small answer', 'structured-content-text'),
    branch('an answer large enough to be composed in parts', 'structured-content-large-answer'),
  ]),
  must('mcp-2025-11-25-tools-call-params', 'server/tools "Error Handling"; basic/index "Requests"', 'A tools/call whose params carry no tool name gets JSON-RPC error -32602 (Invalid params)', ['tools-call-envelope-32602']),
  must('mcp-2025-11-25-request-meta', 'basic/index "_meta"; basic/utilities/progress; W3C Trace Context "traceparent Header"', 'A request whose params carry _meta (a progressToken, a trace context) is answered as one without it', [
    branch('_meta.progressToken', 'tools-call-with-meta'),
    branch('a traceparent that is no W3C trace context, in _meta and as the HTTP header', 'tools-call-with-meta'),
  ]),
  must('mcp-2025-11-25-output-schema', 'server/tools "Output Schema"', 'Structured results conform to the tool\'s outputSchema', [
    branch('a tool without arguments (get_me)', 'structured-content-schema'),
    branch('get_survey, its questions included (additionalProperties honoured)', 'structured-content-schema'),
    branch('get_response of a response on the data', 'tools-call'),
    branch('share_survey of a survey the run creates', 'write-tool-round-trip'),
  ]),
  should('mcp-2025-11-25-embedded-resources', 'server/tools "Embedded Resources"', 'A server that embeds resources implements the resources capability', { unobservable: why.fileResources }),
  must('mcp-2025-11-25-tool-security', 'server/tools "Security Considerations"', 'Tool inputs are validated, access controlled, rate limited and outputs sanitised', [
    'tool-error-validation',
    'tool-error-not-authorized',
    'mcp-rate-limit-enforced',
  ]),
  must('mcp-2025-11-25-resources-capability', 'server/resources "Capabilities"', 'A server with resources declares the resources capability', ['capabilities-declared']),
  should('mcp-2025-11-25-resources-list-changed', 'server/resources "List Changed Notification"', 'A server that declared listChanged notifies of changes', { unobservable: why.notifications }),
  should('mcp-2025-11-25-resource-schemes', 'server/resources "Common URI Schemes"', 'https:// only for resources the client can fetch itself; custom schemes follow RFC 3986', { unobservable: why.fileResources }),
  should('mcp-2025-11-25-resource-not-found', 'server/resources "Error Handling"', 'An unknown resource gets -32002', ['resource-not-found-32002']),
  must('mcp-2025-11-25-resource-security', 'server/resources "Security Considerations"', 'Resource URIs are validated and binary data encoded', ['resource-not-found-32002']),
  must('mcp-2025-11-25-prompts', 'server/prompts', 'A server with prompts declares them and validates their arguments', { unobservable: why.prompts }),
  must('mcp-2025-11-25-completions', 'server/utilities/completion', 'A server with completions declares the capability and validates inputs', { unobservable: why.completions }),
  must('mcp-2025-11-25-logging', 'server/utilities/logging', 'A server that logs declares logging, honours setLevel and logs no secrets', { unobservable: why.logging }),
  should('mcp-2025-11-25-pagination', 'server/utilities/pagination', 'Cursors are stable; invalid ones get -32602', {
    unobservable: 'the contract\'s lists fit one page, so no cursor is ever issued; what an unsolicited cursor means is left to the server',
  }),

  // client features: what they ask of a server
  // Proven on delete_question's confirmation (issue 37, conformance/checks/confirmations/).
  must('mcp-2025-11-25-elicitation', 'client/elicitation', 'Elicitation requests respect client modes, ask no secrets in form mode, and bind to the user', [
    branch('form mode, to a client that declared elicitation', 'confirmation-asked-first'),
    branch('the answer decides (accept, decline, cancel)', 'confirmation-decline-changes-nothing', 'confirmation-accept-applies'),
    missing('no secrets asked in form mode', 'whether a form asks for a secret is in its words; the runner reads only that the confirmation\'s form has a boolean field'),
    missing('bound to the user', 'the runner signs in one person: no check answers an elicitation as another'),
  ]),
  must('mcp-2025-11-25-sampling', 'client/sampling', 'Sampling requests only to clients that declared sampling (and tools for tool use)', { unobservable: why.serverRequests }),
  should('mcp-2025-11-25-roots', 'client/roots', 'Servers respect the roots a client gives', { unobservable: why.serverRequests }),
];
