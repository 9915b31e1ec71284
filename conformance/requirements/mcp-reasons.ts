/**
 * Why a sentence of an MCP revision cannot be observed from outside a survey-mcp deployment:
 * the reasons the two revision files share, so that the same cause reads the same everywhere.
 */
export const MCP_REASON = {
  permission: 'a permission (MAY): either choice conforms, and no check fails on either',
  internal: 'internal behaviour: nothing in any answer shows whether it is done',
  practice:
    'an implementation practice (validation, sanitising, storage, rate of output); what of it shows from outside is proven by the bearer, tool-error and rate-limit checks',
  stdio: 'binds the stdio transport; a deployment speaks Streamable HTTP',
  subscriptions:
    'needs subscriptions/listen, a server-initiated notification stream, which the contract answers with 404 (section 4.1 rule 1)',
  serverRequests:
    'needs server-to-client requests (sampling, elicitation, roots), which the contract forbids (section 4.1 rule 1) and the deployment does not send',
  notifications:
    'needs server-sent notifications (list changes, progress, log messages), which the contract forbids (section 4.1 rule 1): answers are single JSON objects',
  prompts: 'binds servers that offer prompts; the contract offers tools and one resource, no prompts',
  completions: 'binds servers that offer argument completion; the contract offers none',
  logging: 'binds servers that emit log messages; the contract sends none (no server-initiated messages)',
  xMcpHeader: 'binds tools with x-mcp-header parameters; the contract\'s tools mirror no parameter into headers',
  fileResources: 'binds file:// and https:// resources; the deployment serves one ui:// resource',
  intermediary: 'binds intermediaries (proxies, gateways) in front of a server, not the server',
  sse: 'binds SSE response streams; the contract\'s answers are single JSON objects, never a stream',
  confidentialClients: 'binds confidential clients; the contract\'s clients are all public (section 1 rule 4)',
  proxy: 'binds MCP servers that proxy a third-party authorization server; the deployment is its own',
  upstream: 'binds servers that call upstream APIs with tokens; the deployment calls none with the client\'s token',
  https:
    'https is a property of where the operator deploys (behind an https proxy in production); the runner is pointed at http on loopback in tests, so it proves nothing either way',
  jsonSchemaDialect:
    'a tool\'s schema dialect is proven only by its structure; whether the server\'s own validator supports 2020-12 or rejects other dialects shows in no answer the contract defines',
} as const;
