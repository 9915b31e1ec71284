import { MCP_REASON as why } from './mcp-reasons.js';
import { branch, inEra, missing, requirementsFrom, type Requirement } from './requirement.js';

const { must, should, may } = requirementsFrom('MCP 2026-07-28', '2026-07-28');

/** MCP 2026-07-28, the base protocol: basic/index, versioning, transports and the message patterns. */
export const MCP_2026_07_28_BASIC: readonly Requirement[] = [
  // basic/index
  must('mcp-2026-07-28-base-protocol', 'basic/index', 'Every implementation supports the base protocol, versioning and the message patterns', [
    'modern-discover',
    'modern-result-type',
    'modern-unsupported-version-32022',
  ]),
  may('mcp-2026-07-28-optional-components', 'basic/index', 'Other components (server features, utilities) may be implemented as needed', { unobservable: why.permission }),
  must('mcp-2026-07-28-json-rpc', 'basic/index "Messages"', 'Every message follows JSON-RPC 2.0', [
    branch('answers are JSON-RPC 2.0 responses', 'modern-response-id', 'modern-result-type'),
    branch('a request whose id is no string or integer (1.5) is refused with a 4xx and -32600 (or -32602)', 'modern-envelope-values-32602'),
  ]),
  must('mcp-2026-07-28-result-id', 'basic/index "Result Responses"', 'A result carries the same id as its request, a string id included', ['modern-response-id']),
  must('mcp-2026-07-28-result-field', 'basic/index "Result Responses"', 'A result response carries a result field', ['modern-result-type']),
  must('mcp-2026-07-28-result-type', 'basic/index "Result Responses"', 'Every result carries resultType', ['modern-result-type']),
  must('mcp-2026-07-28-result-types-advertised', 'basic/index "ResultType"', 'resultType values come from the core set plus those of extensions advertised in capabilities', [
    'modern-result-type',
  ]),
  must('mcp-2026-07-28-error-id', 'basic/index "Error Responses"', 'An error carries the id of the request it answers', [
    'modern-response-id',
    'modern-unknown-method-404',
    'error-carries-request-id',
    'oversized-request-refused',
  ]),
  must('mcp-2026-07-28-error-shape', 'basic/index "Error Responses"', 'An error has an integer code and a message', ['modern-response-id', 'jsonrpc-error-shape', 'oversized-request-refused']),
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
    'modern-answers-session-free',
  ]),
  should('mcp-2026-07-28-many-conversations', 'basic/index "Statelessness"', 'A server handles requests of many tasks and conversations', { unobservable: why.internal }),
  should('mcp-2026-07-28-no-connection-reuse', 'basic/index "Statelessness"', 'A server does not require the client to reuse a connection', [
    'modern-no-session-id',
  ]),
  must('mcp-2026-07-28-explicit-state', 'basic/index "Statelessness"', 'State across requests is referenced by an explicit identifier on each request', [
    'modern-no-session-id',
  ]),
  should('mcp-2026-07-28-http-auth', 'basic/index "Auth"', 'An HTTP implementation conforms to the authorization specification', [
    branch('protected-resource metadata', 'protected-resource-metadata'),
    branch('a 2026-07-28 request without a token', 'missing-token-401'),
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
  must('mcp-2026-07-28-envelope', 'basic/index "_meta"', 'A request whose _meta protocol fields are missing or malformed is refused with -32602', [
    branch('a field missing', 'modern-envelope-32602'),
    branch('a value of the wrong type (clientCapabilities.roots.listChanged, elicitation.form.applyDefaults, sampling.context, clientInfo null, a tools/call name)', 'modern-envelope-values-32602'),
  ]),
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
  must('mcp-2026-07-28-discover', 'server/discover', 'server/discover names the supported revisions, the capabilities and the server', ['modern-discover', 'supported-versions-spoken']),
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
    branch('no token', 'missing-token-401'),
    branch('an unknown token', 'invalid-token-401'),
  ]),
  must('mcp-2026-07-28-notification-202', 'basic/transports/streamable-http "Sending Messages"', 'An accepted notification gets 202 with no body, a refused one an HTTP error (with no id)', [
    'modern-notification-no-response',
  ]),
  must('mcp-2026-07-28-invalid-input', 'basic/transports/streamable-http "Sending Messages"; JSON-RPC 2.0 section 5.1', 'Input the server cannot accept gets an HTTP error status (a 4xx), never a server error', [
    branch('a body that is not JSON', 'invalid-jsonrpc-message'),
    branch('JSON that is not a JSON-RPC message (no method; {"hello":1})', 'invalid-jsonrpc-message'),
    branch('the JSON body null, a request whose params is null', 'invalid-jsonrpc-message'),
    branch('a request over common request-shape limits (nested 64 deep, 20,001 values)', 'oversized-request-refused'),
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
    branch('Mcp-Method missing', 'modern-required-headers-32020'),
    branch('Mcp-Name missing on tools/call', 'modern-required-headers-32020'),
    branch('Mcp-Name missing on resources/read', 'modern-name-header-exact'),
  ]),
  must('mcp-2026-07-28-header-mismatch', 'basic/transports/streamable-http "Server Validation"', 'Mcp-Method and Mcp-Name must agree with the body, else 400 and -32020', [
    branch('Mcp-Method', 'modern-header-mismatch-32020'),
    branch('Mcp-Name on tools/call', 'modern-header-mismatch-32020'),
    branch('Mcp-Name on resources/read', 'modern-name-header-exact'),
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
    missing('names case-insensitive', 'no check sends the protocol headers under names of another case (MCP-METHOD) and expects them honoured'),
    branch('values case-sensitive', 'modern-name-header-exact'),
  ]),
  should('mcp-2026-07-28-numeric-headers', 'basic/transports/streamable-http "Server Validation"', 'Integer header values compare numerically', { unobservable: why.xMcpHeader }),
  should('mcp-2026-07-28-modern-only-legacy-traffic', 'basic/transports/streamable-http "Earlier Streamable HTTP Revisions"', 'A modern-only server answers GET and DELETE with 405 and mints or echoes no Mcp-Session-Id', [
    'modern-no-session-id',
    'modern-legacy-stream-405',
  ]),
  should('mcp-2026-07-28-no-http-sse', 'basic/transports/streamable-http "HTTP+SSE Transport"', 'New implementations do not adopt the HTTP+SSE transport', [
    inEra('2025-11-25', 'stream-request-404'),
    branch('only 2026-07-28 offered', 'modern-legacy-stream-405'),
  ]),

  // basic/patterns
  must('mcp-2026-07-28-no-server-initiated', 'basic/patterns "Request and Response"', 'Servers initiate no JSON-RPC requests', ['modern-response-id']),
  may('mcp-2026-07-28-scoped-notifications', 'basic/patterns "Request and Response"', 'A server may send notifications scoped to an in-flight request', { unobservable: why.permission }),
  // Proven on delete_question, which asks its person always (issue 37, conformance/checks/confirmations/).
  must('mcp-2026-07-28-input-requests', 'basic/patterns/mrtr', 'Input requests travel in an InputRequiredResult, only on tools/call, resources/read and prompts/get, each well formed', [
    branch('tools/call that needs the person (delete_question)', 'confirmation-asked-first'),
    branch('none on a request that needs nothing (tools/list, get_me)', 'modern-result-type'),
  ]),
  must('mcp-2026-07-28-request-state', 'basic/patterns/mrtr "Server Requirements"', 'requestState is attacker-controlled: integrity-protected, verified, bound to its principal, replay-checked', [
    branch('integrity-protected (altered state)', 'confirmation-tampered-state-refused'),
    branch('bound to its request (another question)', 'confirmation-other-call-refused'),
    branch('replay-checked (used state)', 'confirmation-replay-refused'),
    missing('bound to its principal (another person or client)', 'the runner signs in one person with one client: no check presents a requestState as another'),
  ]),
  must('mcp-2026-07-28-input-capabilities', 'basic/patterns/mrtr "Server Requirements"', 'No input request the client has not declared, and no assumption that the client retries', [
    branch('client without elicitation gets no elicitation/create', 'confirmation-asked-first'),
    branch('an ask never answered changes nothing', 'confirmation-decline-changes-nothing'),
  ]),
  should('mcp-2026-07-28-input-errors', 'basic/patterns/mrtr "Error Handling"', 'InputResponses are validated; unknown ones ignored; missing ones asked for again', [
    branch('validated (accept without confirming)', 'confirmation-decline-changes-nothing'),
    branch('unknown ones ignored, missing ones asked for again', 'confirmation-missing-answer-asks-again'),
  ]),
  must('mcp-2026-07-28-subscriptions', 'basic/patterns/subscriptions', 'A listen stream sends only the types asked for, acknowledged first, and ends with a result', {
    unobservable: why.subscriptions,
  }),
  must('mcp-2026-07-28-cancelled-notifications', 'basic/patterns/cancellation', 'A server sends notifications/cancelled only to end a listen stream; it stops work on a cancelled request', {
    unobservable: why.subscriptions,
  }),
  should('mcp-2026-07-28-timeouts', 'basic/patterns/cancellation "Timeouts"', 'Implementations time out their requests and bound the timeout', { unobservable: why.internal }),
  must('mcp-2026-07-28-progress', 'basic/patterns/progress', 'Progress notifications reference active tokens, increase, and stop after completion', { unobservable: why.notifications }),

];
