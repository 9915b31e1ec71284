import { MCP_REASON as why } from './mcp-reasons.js';
import { requirementsFrom, type Requirement } from './requirement.js';

const { must, should, may } = requirementsFrom('MCP 2026-07-28', '2026-07-28');
const anyEra = requirementsFrom('MCP 2026-07-28', 'any');

/**
 * Every normative sentence of MCP 2026-07-28 (`docs/specification/2026-07-28/`) that binds a
 * server, or the server side of authorization, page by page. Sentences that bind only clients
 * are left out; the pages of client features (elicitation, sampling, roots) bind a server only
 * through input requests, listed once under basic/patterns/mrtr.
 */
export const MCP_2026_07_28_REQUIREMENTS: readonly Requirement[] = [
  // basic/index
  must('mcp-2026-07-28-base-protocol', 'basic/index', 'Every implementation supports the base protocol, versioning and the message patterns', [
    'modern-discover',
    'modern-result-type',
    'modern-unsupported-version-32022',
  ]),
  may('mcp-2026-07-28-optional-components', 'basic/index', 'Other components (server features, utilities) may be implemented as needed', { unobservable: why.permission }),
  must('mcp-2026-07-28-json-rpc', 'basic/index "Messages"', 'Every message follows JSON-RPC 2.0', ['modern-response-id', 'modern-result-type']),
  must('mcp-2026-07-28-result-id', 'basic/index "Result Responses"', 'A result carries the same id as its request, a string id included', ['modern-response-id']),
  must('mcp-2026-07-28-result-field', 'basic/index "Result Responses"', 'A result response carries a result field', ['modern-result-type']),
  must('mcp-2026-07-28-result-type', 'basic/index "Result Responses"', 'Every result carries resultType', ['modern-result-type']),
  must('mcp-2026-07-28-result-types-advertised', 'basic/index "ResultType"', 'resultType values come from the core set plus those of extensions advertised in capabilities', [
    'modern-result-type',
  ]),
  must('mcp-2026-07-28-error-id', 'basic/index "Error Responses"', 'An error carries the id of the request it answers', ['modern-response-id', 'modern-unknown-method-404']),
  must('mcp-2026-07-28-error-shape', 'basic/index "Error Responses"', 'An error has an integer code and a message', ['modern-response-id']),
  may('mcp-2026-07-28-error-data', 'basic/index "Error Responses"', 'An error may carry data', { unobservable: why.permission }),
  must('mcp-2026-07-28-legacy-codes-not-allocated', 'basic/index "Error Codes"', 'No new code is allocated in -32000..-32019', {
    unobservable: 'binds the specification\'s editors, who allocate codes',
  }),
  should('mcp-2026-07-28-legacy-codes-unused', 'basic/index "Error Codes"', 'New implementations use no code in -32000..-32019', [
    'modern-resource-not-found-32602',
    'modern-unknown-method-404',
    'modern-envelope-32602',
  ]),
  must('mcp-2026-07-28-reserved-codes', 'basic/index "Error Codes"', 'Codes in -32020..-32099 are emitted only as the specification defines them', [
    'modern-header-mismatch-32020',
    'modern-version-header-mismatch-32020',
    'modern-unsupported-version-32022',
  ]),
  must('mcp-2026-07-28-no-retired-codes', 'basic/index "Error Codes"', 'A 2026-07-28 server never emits -32002 (resource not found) or -32042', [
    'modern-resource-not-found-32602',
  ]),
  should('mcp-2026-07-28-app-codes', 'basic/index "Error Codes"', 'Application-defined codes lie outside -32768..-32000', [
    'modern-resource-not-found-32602',
    'modern-unknown-method-404',
  ]),
  must('mcp-2026-07-28-notification-no-response', 'basic/index "Notifications"', 'A notification gets no JSON-RPC response', ['modern-notification-no-response']),
  must('mcp-2026-07-28-stateless', 'basic/index "Statelessness"', 'A server relies on no prior request on the connection for version, capabilities or identity', [
    'modern-envelope-32602',
    'modern-no-session-id',
  ]),
  should('mcp-2026-07-28-many-conversations', 'basic/index "Statelessness"', 'A server handles requests of many tasks and conversations', { unobservable: why.internal }),
  should('mcp-2026-07-28-no-connection-reuse', 'basic/index "Statelessness"', 'A server does not require the client to reuse a connection', [
    'modern-no-session-id',
  ]),
  must('mcp-2026-07-28-explicit-state', 'basic/index "Statelessness"', 'State across requests is referenced by an explicit identifier on each request', [
    'modern-no-session-id',
  ]),
  should('mcp-2026-07-28-http-auth', 'basic/index "Auth"', 'An HTTP implementation conforms to the authorization specification', [
    'missing-token-401',
    'protected-resource-metadata',
  ]),
  should('mcp-2026-07-28-stdio-no-auth', 'basic/index "Auth"', 'A stdio implementation takes credentials from the environment', { unobservable: why.stdio }),
  may('mcp-2026-07-28-custom-auth', 'basic/index "Auth"', 'Custom authentication may be negotiated', { unobservable: why.permission }),
  may('mcp-2026-07-28-schema-dialect-field', 'basic/index "Schema Dialect"', 'A schema may name its dialect with $schema', { unobservable: why.permission }),
  must('mcp-2026-07-28-schema-2020-12', 'basic/index "JSON Schema Usage"', 'Implementations support JSON Schema 2020-12 and validate by the declared or default dialect', {
    unobservable: why.jsonSchemaDialect,
  }),
  must('mcp-2026-07-28-schema-unsupported-dialect', 'basic/index "Implementation Requirements"', 'An unsupported dialect is refused with an error that says so', {
    unobservable: 'schemas reach a server only inside its own tools; no request of the contract carries a schema to validate',
  }),
  should('mcp-2026-07-28-schema-dialects-documented', 'basic/index "Implementation Requirements"', 'Implementations document the dialects they support', {
    unobservable: 'documentation, not behaviour',
  }),
  must('mcp-2026-07-28-schema-valid', 'basic/index "Schema Validation"', 'Every schema a server publishes is valid for its dialect', ['modern-tool-input-schemas']),
  must('mcp-2026-07-28-ref-no-network', 'basic/index "$ref Resolution"', 'No network $ref is dereferenced by default; an opt-in fetch is bounded', {
    unobservable: 'schemas reach a server only inside its own tools; no request carries a $ref for it to fetch',
  }),
  should('mcp-2026-07-28-schema-bounds', 'basic/index "Composition-Keyword Resource Use"', 'Validation of composed schemas is bounded', { unobservable: why.internal }),
  must('mcp-2026-07-28-meta-reserved', 'basic/index "_meta"', 'No assumption is made about values at reserved _meta keys, and key names follow the prefix rules', {
    unobservable:
      'what a server assumes about a key\'s value is internal; the one key a server writes, io.modelcontextprotocol/serverInfo, is the specification\'s own and read by modern-server-info',
  }),
  must('mcp-2026-07-28-envelope', 'basic/index "_meta"', 'A request without the _meta protocol fields is refused with -32602', ['modern-envelope-32602']),
  must('mcp-2026-07-28-missing-capability', 'basic/index "_meta"', 'A request needing a capability the client did not declare gets 400 and -32021 listing it', {
    unobservable: 'every tool and resource of the contract works without any client capability, so no request can lack one',
  }),
  should('mcp-2026-07-28-server-info', 'basic/index "_meta"', 'Results name the server in _meta', ['modern-server-info']),
  should('mcp-2026-07-28-info-not-trusted', 'basic/index "_meta"', 'clientInfo changes no behaviour and no security decision', { unobservable: why.internal }),
  must('mcp-2026-07-28-subscription-id', 'basic/index "_meta"', 'Notifications on a listen stream carry their subscriptionId', { unobservable: why.subscriptions }),
  must('mcp-2026-07-28-trace-context', 'basic/index "_meta"', 'traceparent, tracestate and baggage follow W3C formats', {
    unobservable: 'binds the sender of trace context; the contract\'s answers carry none',
  }),

  // basic/versioning
  must('mcp-2026-07-28-unsupported-version', 'basic/versioning "Protocol Version Negotiation"', 'An unknown protocol version gets 400 and -32022 naming the supported and requested versions', [
    'modern-unsupported-version-32022',
  ]),
  must('mcp-2026-07-28-discover', 'server/discover', 'server/discover names the supported revisions, the capabilities and the server', ['modern-discover']),
  must('mcp-2026-07-28-extension-names', 'basic/versioning "Extension Negotiation"', 'Extension identifiers follow the _meta key rules with a prefix', ['modern-capabilities-declared']),
  must('mcp-2026-07-28-extension-fallback', 'basic/versioning "Extension Negotiation"', 'A party whose peer lacks an extension reverts to core behaviour or refuses', [
    'modern-result-type',
    'modern-app-tools-need-extension',
  ]),
  may('mcp-2026-07-28-dual-era', 'basic/versioning "Backward Compatibility"', 'A server may speak both legacy and modern revisions, on the same endpoint', {
    unobservable: `${why.permission}: the runner finds which eras are offered and runs the checks of each (--protocol auto)`,
  }),
  should('mcp-2026-07-28-modern-only-initialize', 'basic/versioning "Backward Compatibility"', 'A modern-only server names its versions in the error it returns to initialize', [
    'modern-initialize-names-versions',
  ]),

  // basic/transports
  must('mcp-2026-07-28-utf8', 'basic/transports "Messages"', 'JSON-RPC messages are UTF-8', ['modern-result-type', 'modern-tool-names']),
  must('mcp-2026-07-28-no-server-requests', 'basic/transports "Messages"', 'Servers send no JSON-RPC requests', ['modern-response-id']),
  may('mcp-2026-07-28-mirror-metadata', 'basic/transports "Request Metadata"', 'A binding may mirror body fields into envelope metadata', { unobservable: why.permission }),
  must('mcp-2026-07-28-custom-transport', 'basic/transports "Custom Transports"', 'A custom transport keeps the JSON-RPC format, patterns and metadata model', {
    unobservable: 'binds custom transports; a deployment speaks Streamable HTTP',
  }),
  must('mcp-2026-07-28-stdio', 'basic/transports/stdio', 'stdio framing, stdout hygiene, shutdown and probing rules', { unobservable: why.stdio }),

  // basic/transports/streamable-http
  must('mcp-2026-07-28-endpoint', 'basic/transports/streamable-http', 'One MCP endpoint path accepts POST', ['modern-discover']),
  must('mcp-2026-07-28-origin', 'basic/transports/streamable-http "Security & Endpoint"', 'An invalid Origin gets 403', ['modern-foreign-origin-403']),
  should('mcp-2026-07-28-localhost', 'basic/transports/streamable-http "Security & Endpoint"', 'A server run locally binds to 127.0.0.1 only', {
    unobservable: 'which interfaces a process listens on is not visible from the one address the runner is given',
  }),
  should('mcp-2026-07-28-authentication', 'basic/transports/streamable-http "Security & Endpoint"', 'Every connection is authenticated', [
    'missing-token-401',
    'invalid-token-401',
  ]),
  must('mcp-2026-07-28-notification-202', 'basic/transports/streamable-http "Sending Messages"', 'An accepted notification gets 202 with no body, a refused one an HTTP error (with no id)', [
    'modern-notification-no-response',
  ]),
  must('mcp-2026-07-28-content-type', 'basic/transports/streamable-http "Sending Messages"', 'A request is answered as application/json or text/event-stream', ['modern-response-id']),
  must('mcp-2026-07-28-stream-relates', 'basic/transports/streamable-http "Receiving Messages"', 'Notifications on a response stream relate to its request; no requests on it', {
    unobservable: why.sse,
  }),
  should('mcp-2026-07-28-stream-ends', 'basic/transports/streamable-http "Receiving Messages"', 'The final response ends an SSE stream, which carries X-Accel-Buffering: no', { unobservable: why.sse }),
  must('mcp-2026-07-28-disconnect-cancels', 'basic/transports/streamable-http "Cancellation"', 'A closed response stream cancels its request; nothing more is sent for it', {
    unobservable: `${why.internal}: a dropped connection leaves no answer to read`,
  }),
  must('mcp-2026-07-28-version-header', 'basic/transports/streamable-http "Protocol Version Header"', 'An MCP-Protocol-Version header that differs from _meta gets 400 and -32020', [
    'modern-version-header-mismatch-32020',
  ]),
  must('mcp-2026-07-28-unknown-method', 'basic/transports/streamable-http', 'A method the server does not offer gets HTTP 404 and -32601 under the request id', [
    'modern-unknown-method-404',
  ]),
  may('mcp-2026-07-28-missing-version-header', 'basic/transports/streamable-http "Protocol Version Header"', 'A request without the header may be taken as 2025-03-26, else it is refused', {
    unobservable: `${why.permission}; a dual-era deployment serves such a request in its legacy era (the contract's requests carry no header)`,
  }),
  must('mcp-2026-07-28-standard-headers', 'basic/transports/streamable-http "Standard Request Headers"', 'Mcp-Method (every request) and Mcp-Name (tools/call, resources/read) are required: a request without them gets 400 and -32020', [
    'modern-required-headers-32020',
  ]),
  must('mcp-2026-07-28-header-mismatch', 'basic/transports/streamable-http "Server Validation"', 'Mcp-Method and Mcp-Name must agree with the body, else 400 and -32020', [
    'modern-header-mismatch-32020',
  ]),
  must('mcp-2026-07-28-header-encoding', 'basic/transports/streamable-http "Value Encoding"', 'A Base64-encoded Mcp-Name is decoded before it is compared', ['modern-mcp-name-base64']),
  may('mcp-2026-07-28-x-mcp-header', 'basic/transports/streamable-http "Custom Headers from Tool Parameters"', 'Servers may mirror tool parameters into Mcp-Param headers', {
    unobservable: why.permission,
  }),
  must('mcp-2026-07-28-x-mcp-header-rules', 'basic/transports/streamable-http "Schema Extension"', 'x-mcp-header values are valid, unique tokens on statically reachable primitive properties', {
    unobservable: why.xMcpHeader,
  }),
  must('mcp-2026-07-28-param-header-validation', 'basic/transports/streamable-http "Server Behavior for Custom Headers"', 'A recognized Mcp-Param header must be valid and match the body, else 400 and -32020', {
    unobservable: why.xMcpHeader,
  }),
  must('mcp-2026-07-28-intermediaries', 'basic/transports/streamable-http "Server Behavior for Custom Headers"', 'Intermediaries forward unknown Mcp-Param headers and refuse invalid ones', {
    unobservable: why.intermediary,
  }),
  must('mcp-2026-07-28-header-names-case', 'basic/transports/streamable-http "Case Sensitivity"', 'Header names compare case-insensitively; values case-sensitively', [
    'modern-header-mismatch-32020',
  ]),
  should('mcp-2026-07-28-numeric-headers', 'basic/transports/streamable-http "Server Validation"', 'Integer header values compare numerically', { unobservable: why.xMcpHeader }),
  should('mcp-2026-07-28-modern-only-legacy-traffic', 'basic/transports/streamable-http "Earlier Streamable HTTP Revisions"', 'A modern-only server answers GET and DELETE with 405 and mints or echoes no Mcp-Session-Id', [
    'modern-no-session-id',
    'modern-legacy-stream-405',
  ]),
  should('mcp-2026-07-28-no-http-sse', 'basic/transports/streamable-http "HTTP+SSE Transport"', 'New implementations do not adopt the HTTP+SSE transport', ['stream-request-404']),

  // basic/patterns
  must('mcp-2026-07-28-no-server-initiated', 'basic/patterns "Request and Response"', 'Servers initiate no JSON-RPC requests', ['modern-response-id']),
  may('mcp-2026-07-28-scoped-notifications', 'basic/patterns "Request and Response"', 'A server may send notifications scoped to an in-flight request', { unobservable: why.permission }),
  must('mcp-2026-07-28-input-requests', 'basic/patterns/mrtr', 'Input requests travel in an InputRequiredResult, only on tools/call, resources/read and prompts/get, each well formed', {
    unobservable: why.inputRequired,
  }),
  must('mcp-2026-07-28-request-state', 'basic/patterns/mrtr "Server Requirements"', 'requestState is attacker-controlled: integrity-protected, verified, bound to its principal, replay-checked', {
    unobservable: why.inputRequired,
  }),
  must('mcp-2026-07-28-input-capabilities', 'basic/patterns/mrtr "Server Requirements"', 'No input request the client has not declared, and no assumption that the client retries', {
    unobservable: why.inputRequired,
  }),
  should('mcp-2026-07-28-input-errors', 'basic/patterns/mrtr "Error Handling"', 'InputResponses are validated; unknown ones ignored; missing ones asked for again', { unobservable: why.inputRequired }),
  must('mcp-2026-07-28-subscriptions', 'basic/patterns/subscriptions', 'A listen stream sends only the types asked for, acknowledged first, and ends with a result', {
    unobservable: why.subscriptions,
  }),
  must('mcp-2026-07-28-cancelled-notifications', 'basic/patterns/cancellation', 'A server sends notifications/cancelled only to end a listen stream; it stops work on a cancelled request', {
    unobservable: why.subscriptions,
  }),
  should('mcp-2026-07-28-timeouts', 'basic/patterns/cancellation "Timeouts"', 'Implementations time out their requests and bound the timeout', { unobservable: why.internal }),
  must('mcp-2026-07-28-progress', 'basic/patterns/progress', 'Progress notifications reference active tokens, increase, and stop after completion', { unobservable: why.notifications }),

  // authorization
  should('mcp-2026-07-28-auth-http', 'basic/authorization "Protocol Requirements"', 'An HTTP implementation that supports authorization conforms to this specification', [
    'missing-token-401',
    'protected-resource-metadata',
    'authorization-code-flow',
  ]),
  anyEra.must('mcp-2026-07-28-as-oauth21', 'basic/authorization "Overview"', 'The authorization server implements OAuth 2.1 for public clients', [
    'authorization-code-flow',
    'pkce-required',
    'code-single-use',
    'refresh-token-rotation',
  ]),
  should('mcp-2026-07-28-cimd-advertised', 'basic/authorization/client-registration', 'The authorization server metadata advertises client_id_metadata_document_supported', [
    'client-id-metadata-document-supported',
  ]),
  anyEra.may('mcp-2026-07-28-dcr', 'basic/authorization "Overview"', 'Authorization servers may support Dynamic Client Registration (deprecated)', { unobservable: why.permission }),
  anyEra.must('mcp-2026-07-28-prm', 'basic/authorization "Overview"', 'The MCP server implements OAuth 2.0 Protected Resource Metadata', ['protected-resource-metadata']),
  anyEra.must('mcp-2026-07-28-as-discovery', 'basic/authorization "Overview"', 'The authorization server offers RFC 8414 metadata or OpenID Connect Discovery', [
    'authorization-server-metadata',
    'openid-configuration-document',
  ]),
  anyEra.should('mcp-2026-07-28-challenge-scope', 'basic/authorization "Scope Selection Strategy"', 'The 401 challenge names the scope needed', {
    unobservable:
      'not judged: the contract fixes the 401 challenge as Bearer resource_metadata="…" alone (section 5.4) and wins where it speaks, so a scope there is neither required nor a fault; the 403 challenge names it (insufficient-scope-challenge)',
  }),
  anyEra.should('mcp-2026-07-28-iss', 'basic/authorization "Authorization Response Validation"', 'Authorization responses, errors included, carry iss', ['iss-returned', 'authorization-error-redirect']),
  anyEra.must('mcp-2026-07-28-iss-advertised', 'basic/authorization "Authorization Response Validation"', 'A server that sends iss advertises authorization_response_iss_parameter_supported', [
    'iss-parameter-advertised',
  ]),
  anyEra.should('mcp-2026-07-28-resource-uppercase', 'basic/authorization "Canonical Server URI"', 'A resource with an uppercase scheme or host is accepted', {
    unobservable: 'only the scheme and host the runner is given can be sent; an uppercase host is a different address to the proxy in front and proves nothing of the server',
  }),
  anyEra.should('mcp-2026-07-28-resource-no-slash', 'basic/authorization "Canonical Server URI"', 'The canonical URI is written without a trailing slash', ['resource-matches-base-url']),
  anyEra.must('mcp-2026-07-28-token-validation', 'basic/authorization "Token Handling"', 'Access tokens are validated, for this resource as audience; invalid or expired ones get 401', [
    'invalid-token-401',
    'expired-token-401',
    'foreign-token-403',
  ]),
  anyEra.must('mcp-2026-07-28-own-tokens-only', 'basic/authorization "Token Handling"', 'The server accepts only tokens valid for its own resources, and transits none', ['foreign-token-403']),
  anyEra.should('mcp-2026-07-28-no-offline-access', 'basic/authorization "Refresh Tokens"', 'offline_access is in neither the challenge scope nor scopes_supported', ['scopes-supported']),
  anyEra.must('mcp-2026-07-28-auth-statuses', 'basic/authorization "Error Handling"', 'Authorization errors get 401, 403 or 400 as the table says', [
    'missing-token-401',
    'foreign-token-403',
    'token-error-responses',
  ]),
  anyEra.should('mcp-2026-07-28-insufficient-scope', 'basic/authorization "Runtime Insufficient Scope Errors"', 'Insufficient scope gets 403 with error="insufficient_scope", the scope and resource_metadata', [
    'foreign-token-403',
    'insufficient-scope-challenge',
  ]),
  anyEra.should('mcp-2026-07-28-scope-strategy', 'basic/authorization "Runtime Insufficient Scope Errors"', 'All scopes needed come in one challenge, consistently', ['insufficient-scope-challenge']),
  anyEra.must('mcp-2026-07-28-scope-hierarchy', 'basic/authorization "Step-Up Authorization Flow"', 'A broader scope implies the narrower ones it contains', {
    unobservable: 'the contract has one scope, mcp_customer, so there is no hierarchy to test',
  }),
  anyEra.must('mcp-2026-07-28-prm-authorization-servers', 'basic/authorization/authorization-server-discovery', 'The protected resource metadata lists at least one authorization server', [
    'protected-resource-metadata',
  ]),
  anyEra.must('mcp-2026-07-28-prm-discoverable', 'basic/authorization/authorization-server-discovery', 'PRM is found through the 401 challenge or a well-known URI', [
    'missing-token-401',
    'protected-resource-metadata',
  ]),
  anyEra.should('mcp-2026-07-28-as-fetches-cimd', 'basic/authorization/client-registration "For Authorization Servers"', 'The authorization server fetches a URL client_id\'s metadata document', [
    'client-metadata-document-flow',
  ]),
  must('mcp-2026-07-28-cimd-flow', 'basic/authorization/client-registration', 'An https client_id whose metadata document lists the redirect URI completes the authorization code flow', [
    'client-metadata-document-flow',
  ]),
  must('mcp-2026-07-28-cimd-mismatch', 'basic/authorization/client-registration', 'A metadata document whose client_id is not its own URL is refused, without a redirect', [
    'bad-client-metadata-document-refused',
  ]),
  anyEra.should('mcp-2026-07-28-cimd-cache', 'basic/authorization/client-registration "For Authorization Servers"', 'Fetched metadata documents are cached as HTTP cache headers say', { unobservable: why.internal }),
  anyEra.must('mcp-2026-07-28-cimd-structure', 'basic/authorization/client-registration "For Authorization Servers"', 'A metadata document must be JSON with the required fields and list the redirect URI', [
    'bad-client-metadata-document-refused',
    'client-metadata-document-flow',
  ]),
  anyEra.should('mcp-2026-07-28-cimd-security', 'basic/authorization/client-registration "For Authorization Servers"', 'The security considerations of the metadata document draft are followed', [
    'bad-client-metadata-document-refused',
  ]),
  anyEra.must('mcp-2026-07-28-security-considerations', 'basic/authorization "Security Considerations"', 'The normative security requirements of the authorization pages are followed', [
    'pkce-required',
    'unregistered-redirect-uri-refused',
    'foreign-token-403',
  ]),
  anyEra.must('mcp-2026-07-28-audience', 'basic/authorization/security-considerations "Token Audience Binding"', 'Tokens presented must have been issued for this server', ['foreign-token-403']),
  anyEra.must('mcp-2026-07-28-token-storage', 'basic/authorization/security-considerations "Token Theft"', 'Tokens are stored securely, per OAuth 2.1 §7.1', { unobservable: why.practice }),
  anyEra.should('mcp-2026-07-28-short-tokens', 'basic/authorization/security-considerations "Token Theft"', 'Access tokens are short-lived', ['token-scope-and-lifetime']),
  anyEra.must('mcp-2026-07-28-refresh-rotation', 'basic/authorization/security-considerations "Token Theft"', 'Refresh tokens of public clients rotate', ['refresh-token-rotation', 'spent-refresh-token-refused']),
  anyEra.must('mcp-2026-07-28-https', 'basic/authorization/security-considerations "Communication Security"', 'Authorization server endpoints are served over https', { unobservable: why.https }),
  anyEra.must('mcp-2026-07-28-redirect-https', 'basic/authorization/security-considerations "Communication Security"', 'Redirect URIs are localhost or https', ['registration-refuses-bad-redirect-uri']),
  anyEra.must('mcp-2026-07-28-oidc-pkce-field', 'basic/authorization/security-considerations "Authorization Code Protection"', 'An OpenID configuration lists code_challenge_methods_supported', [
    'openid-configuration-parser-fields',
    'pkce-methods',
  ]),
  anyEra.must('mcp-2026-07-28-exact-redirect', 'basic/authorization/security-considerations "Open Redirection"', 'Redirect URIs are matched exactly against the registered ones', [
    'unregistered-redirect-uri-refused',
    'code-bound-to-redirect-uri',
  ]),
  anyEra.must('mcp-2026-07-28-untrusted-redirect', 'basic/authorization/security-considerations "Open Redirection"', 'User agents are not redirected to untrusted URIs', [
    'no-error-redirect-to-untrusted-web-uri',
    'unknown-client-error-page',
  ]),
  anyEra.should('mcp-2026-07-28-trusted-redirect-only', 'basic/authorization/security-considerations "Open Redirection"', 'Only trusted redirect URIs are followed automatically', ['no-error-redirect-to-untrusted-web-uri']),
  anyEra.must('mcp-2026-07-28-cimd-draft-security', 'basic/authorization/security-considerations "Client ID Metadata Document Security"', 'The metadata document draft\'s security considerations are weighed', [
    'bad-client-metadata-document-refused',
  ]),
  anyEra.should('mcp-2026-07-28-localhost-warning', 'basic/authorization/security-considerations "Localhost Redirect URI Risks"', 'localhost-only redirect URIs earn an extra warning', {
    unobservable: 'a warning is wording on the consent page; the contract does not say what it reads, so no text can be asserted',
  }),
  anyEra.must('mcp-2026-07-28-redirect-host-shown', 'basic/authorization/security-considerations "Localhost Redirect URI Risks"', 'The consent page shows the redirect URI\'s host', ['consent-shows-client-and-redirect']),
  anyEra.must('mcp-2026-07-28-proxy-consent', 'basic/authorization/security-considerations "Confused Deputy Problem"', 'A proxy with a static client id gets consent per client', { unobservable: why.proxy }),
  anyEra.must('mcp-2026-07-28-validate-before-processing', 'basic/authorization/security-considerations "Access Token Privilege Restriction"', 'Tokens are validated before a request is processed', [
    'invalid-token-401',
    'unauthenticated-not-counted',
  ]),
  anyEra.must('mcp-2026-07-28-no-passthrough', 'basic/authorization/security-considerations "Access Token Privilege Restriction"', 'The client\'s token is never passed to upstream APIs', { unobservable: why.upstream }),

  // server/discover, server/tools
  should('mcp-2026-07-28-discover-server-info', 'server/discover "DiscoverResult"', 'server/discover carries serverInfo in _meta', ['modern-server-info']),
  must('mcp-2026-07-28-tools-capability', 'server/tools "Capabilities"', 'A server with tools declares the tools capability', ['modern-discover']),
  must('mcp-2026-07-28-tools-list', 'server/tools "Capabilities"', 'tools/list answers the tools available, the same whatever came before on the connection', [
    'modern-result-type',
    'modern-tools-list-deterministic',
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
    'tool-error-validation',
    'tool-error-not-authorized',
    'mcp-rate-limit-enforced',
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
  must('mcp-2026-07-28-cache-hints', 'server/utilities/caching', 'tools/list carries ttlMs and cacheScope', ['modern-tools-list-cache-hints']),
  must('mcp-2026-07-28-cacheable-results', 'server/utilities/caching "Cacheable Results"', 'server/discover, resources/list and resources/read carry ttlMs >= 0 and cacheScope too', [
    'modern-cacheable-results-hints',
  ]),
  must('mcp-2026-07-28-cache-scope-pages', 'server/utilities/caching "Interaction with Pagination"', 'Every page of one list has the same cacheScope', {
    unobservable: 'the contract\'s lists fit one page; there is no second page to compare',
  }),
  must('mcp-2026-07-28-cache-access-control', 'server/utilities/caching "Security Considerations"', 'Access control does not rest on cacheScope', ['missing-token-401', 'tool-error-not-authorized']),
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
  must('mcp-2026-07-28-elicitation', 'client/elicitation', 'Elicitation requests respect client modes, ask no secrets in form mode, and bind to the user', { unobservable: why.serverRequests }),
  must('mcp-2026-07-28-sampling', 'client/sampling', 'Tool-enabled sampling only for clients that declared it', { unobservable: why.serverRequests }),
  should('mcp-2026-07-28-roots', 'client/roots', 'Servers respect the roots a client gives', { unobservable: why.serverRequests }),
];
