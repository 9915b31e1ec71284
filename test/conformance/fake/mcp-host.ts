import express, { type Request, type Response } from 'express';
import { authMethodsMetadata } from './client-assertion.js';
import type { Faults } from './faults.js';
import { skillsAnswer, skillsCapabilities } from './skills.js';
import type { FakeSlidingLog } from './sliding-log.js';
import { admit, holdTurn, inFlightTurn, type FakeInFlight } from './rate-limit.js';
import { ALLOWED_GRANT_TYPES, register } from './registration.js';
import { ALICE, type FakeState } from './state.js';
import { claimsModern, listedResources, modernPost, refuseLegacy, RESULTS_VIEW } from './modern-mcp.js';
import { callTool, TOOL_LIST } from './tools.js';
import { offersApps, resultsAppAnswer } from './results-app.js';
import { jsonAsTextPlain } from './media-types.js';
import { batchAnswers, batchCall, replyToBatch } from './batch.js';
import { idJagMetadata, JWT_BEARER_GRANT } from './id-jag.js';
import { invalidMessageRefusal, legacyToolCallRefusal, mirrorText } from './survivors.js';
import { jwksDocument, malformedTraceFails, nullMessageRefusal, oversizedRefusal, registrationBody, shareSurveyOutputSchema } from './fresh-seed.js';
import { callBeforeTokenCheck, LANDING_PAGE, landingPageInstead, modernArguments, modernScope, skillUri, unsignedJwt, withTitles } from './faults-third-sample.js';

export interface McpHostConfig {
  readonly state: FakeState;
  readonly faults: Faults;
  readonly baseUrl: () => string;
  readonly authUrl: () => string;
  readonly mcpLimit: FakeSlidingLog;
  readonly registerLimit: FakeSlidingLog;
  /** A bound on one person's requests in flight; none when undefined. */
  readonly inFlight?: FakeInFlight | undefined;
  /** The one era spoken, or both when undefined. */
  readonly offers?: McpEra | undefined;
}

/** `legacy`: 2025-11-25 and earlier, with initialize; `modern`: 2026-07-28 only. */
export type McpEra = 'legacy' | 'modern';

const SUPPORTED_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'];

/** Discovery documents, registration and the MCP endpoint, with every rule of the spec. */
export function createMcpHost(config: McpHostConfig): express.Express {
  const { faults } = config;
  const app = express();
  app.use(jsonAsTextPlain(faults.jsonAsTextPlain, { 'protected-resource': '/.well-known/oauth-protected-resource', registration: '/register' }));

  app.use('/.well-known', (req, res, next) => {
    if (!faults.noCors) {
      res.set('access-control-allow-origin', '*');
      res.set('access-control-allow-methods', 'GET, OPTIONS');
      res.set('access-control-allow-headers', '*');
    }
    if (req.method === 'OPTIONS') return res.status(204).end();
    if (faults.thirdSampleFault === 'metadata-behind-bearer' && req.headers.authorization !== undefined && !authenticate(req, res, config)) return undefined;
    return next();
  });
  app.get('/.well-known/oauth-protected-resource', (req, res) => {
    if (faults.thirdSampleFault === 'prm-slash-redirect' && !req.originalUrl.split('?')[0]!.endsWith('/')) return res.redirect(301, `${req.originalUrl.split('?')[0]!}/`);
    res.json({
      resource: `${config.baseUrl()}${faults.resourceTrailingSlash ? '/' : ''}`,
      authorization_servers: [config.baseUrl()],
      scopes_supported: ['mcp_customer'],
      bearer_methods_supported: ['header'],
      resource_name: 'Fake Survey Assistant',
      ...faults.prmOverrides,
    });
  });
  if (faults.sampleFault === 'challenge-points-to-mounted-metadata') {
    app.get('/.well-known/oauth-protected-resource/mcp', (_req, res) => {
      res.json({ resource: `${config.baseUrl()}/mcp`, authorization_servers: [config.baseUrl()], scopes_supported: ['mcp_customer'], bearer_methods_supported: ['header'] });
    });
  }
  app.get('/.well-known/oauth-authorization-server', (req, res) => {
    if (faults.asMetadataRedirect) return res.redirect(302, '/.well-known/as-metadata');
    if (landingPageInstead(req, faults)) return res.type('html').send(LANDING_PAGE);
    return res.json(authorizationServerMetadata(config));
  });
  app.get('/.well-known/as-metadata', (_req, res) => res.json(authorizationServerMetadata(config)));
  app.get('/.well-known/openid-configuration', (req, res) => {
    if (landingPageInstead(req, faults)) return void res.type('html').send(LANDING_PAGE);
    res.json({ ...authorizationServerMetadata(config), ...faults.openidConfigurationOverrides });
  });
  app.get('/.well-known/jwks.json', (_req, res) => res.json(jwksDocument(faults)));

  app.use('/', (req, res, next) => {
    if (req.path !== '/') return next();
    res.set('access-control-allow-origin', '*');
    if (!faults.mcpExposesNoHeaders) res.set('access-control-expose-headers', 'WWW-Authenticate, Retry-After, MCP-Protocol-Version');
    if (req.method !== 'OPTIONS') return next();
    if (faults.sampleFault === 'preflight-behind-bearer' && !authenticate(req, res, config)) return undefined;
    res.set('access-control-allow-methods', 'GET, POST, OPTIONS').set('access-control-allow-headers', '*');
    return res.status(204).end();
  });
  app.post('/register', registrationBody(faults), (req, res) => register(req, res, config));
  // Not strict: a body of null reaches the handler, which refuses it as JSON-RPC does.
  app.post('/', inFlightTurn(config.inFlight, config.state, faults), express.json({ strict: false }), (req, res) => {
    if (malformedTraceFails(req, faults)) return void res.status(500).json({ error: 'server_error' });
    return mcpPost(req, res, config);
  });
  app.get('/', (req, res) => {
    if (faults.sampleFault === 'stream-get-html-fallback' && req.accepts(['text/event-stream', 'html']) === 'text/event-stream') {
      return res.status(200).type('html').send('<!doctype html><html><body><div id="app"></div></body></html>');
    }
    const refuseStream = (): void => {
      if (faults.sampleFault === 'stream-404-plain-text') return void res.status(404).type('text/plain').send('Not Found');
      res.status(faults.streamStatus ?? 404).json({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32601, message: 'Method not found' },
      });
    };
    if (faults.streamBeforeAuth) return refuseStream();
    if (!authenticate(req, res, config)) return undefined;
    if (faults.thirdSampleFault === 'stream-get-never-ends' && req.accepts('text/event-stream')) return void res.status(200).type('text/event-stream').flushHeaders();
    // 2026-07-28 has no stream GET: a deployment of that era only answers 405 (streamable-http, "Backward Compatibility").
    if (config.offers === 'modern' && faults.modernFault !== 'legacy-stream-404') return res.status(405).set('allow', 'POST').end();
    return refuseStream();
  });
  app.delete('/', (req, res) => {
    if (!authenticate(req, res, config)) return undefined;
    if (!faults.deleteOpensStream) return res.status(405).set('allow', 'GET, POST').json({ error: 'method_not_allowed' });
    // What the SDK's stateless transport does when DELETE reaches it: a stream that never ends.
    return res.status(200).type('text/event-stream').flushHeaders();
  });
  return app;
}

export function authorizationServerMetadata(config: McpHostConfig): Record<string, unknown> {
  const auth = config.authUrl();
  return {
    issuer: `${config.baseUrl()}${config.faults.issuerSuffix ?? ''}`,
    authorization_endpoint: `${auth}/oauth/authorize`,
    token_endpoint: `${auth}/oauth/token`,
    revocation_endpoint: `${auth}/oauth/revoke`,
    registration_endpoint: `${config.baseUrl()}/register`,
    response_types_supported: ['code'],
    grant_types_supported: config.faults.idJagUnlisted ? ALLOWED_GRANT_TYPES : [...ALLOWED_GRANT_TYPES, JWT_BEARER_GRANT],
    ...idJagMetadata(config.faults),
    code_challenge_methods_supported: ['S256', 'plain'],
    ...authMethodsMetadata(config.faults),
    revocation_endpoint_auth_methods_supported: ['none'],
    scopes_supported: ['mcp_customer'],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: true,
    jwks_uri: `${config.baseUrl()}/.well-known/jwks.json`,
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    ...(config.faults.thirdSampleFault === 'unsigned-signed-metadata' && { signed_metadata: unsignedJwt({ iss: config.baseUrl(), token_endpoint: `${auth}/oauth/token` }) }),
    ...config.faults.asMetadataOverrides,
  };
}

/** Tokens once found valid, for the `token-validity-cached` fault. */
const validated = new Set<string>();

/** Bearer authentication; answers 401/403 itself and returns undefined when refused. */
function authenticate(req: Request, res: Response, config: McpHostConfig): { userId: string; token: string } | undefined {
  const { state, faults } = config;
  const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  if (faults.malformedToken400 && token !== undefined && !/^[\w.~+/-]+=*$/.test(token)) {
    res.status(400).json({ error: 'invalid_request' });
    return undefined;
  }
  const known = token ? state.accessTokens.get(token) : undefined;
  const cached = faults.freshFault === 'token-validity-cached' && token !== undefined && validated.has(token);
  const record = token ? (state.liveAccessToken(token, faults.expiredTokensAccepted ?? false) ?? (faults.revokedTokensAccepted || cached ? known : undefined)) : undefined;
  if (token && record) validated.add(token);
  if (token && !record && faults.acceptGarbageTokens) return { userId: ALICE.id, token };
  if (token && !record && faults.sampleFault === 'refresh-token-bearer-unexplained' && state.refreshTokens.has(token)) {
    res.status(401).json({});
    return undefined;
  }
  if (!token || !record) {
    const expired = known !== undefined && Date.now() >= known.expiresAt && faults.freshFault === 'expired-challenge-without-metadata';
    if (faults.freshFault === 'gateway-replaces-challenge') res.set('www-authenticate', 'Bearer realm="api"');
    else if (expired) res.set('www-authenticate', 'Bearer error="invalid_token"');
    else if (!faults.omitWwwAuthenticate && !(faults.thirdSampleFault === 'modern-401-without-challenge' && !token && claimsModern(req))) {
      res.set(
        'www-authenticate',
        `Bearer ${faults.challengeRepeatsRealm ? 'realm="fake", realm="fake", ' : ''}${faults.errorCodeWithoutToken && !token ? 'error="invalid_token", ' : ''}resource_metadata="${config.baseUrl()}${faults.thirdSampleFault === 'challenge-metadata-double-slash' ? '/' : ''}/.well-known/${faults.challengePointsElsewhere ? 'oauth-authorization-server' : faults.sampleFault === 'challenge-points-to-mounted-metadata' ? 'oauth-protected-resource/mcp' : 'oauth-protected-resource'}"${modernScope(req, faults)}`,
      );
    }
    res.status(401).json({ error: 'unauthorized' });
    return undefined;
  }
  if (record.scope !== 'mcp_customer') {
    const status = faults.foreignTokenStatus ?? 403;
    if (status === 403 && !faults.bareInsufficientScope) {
      res.set('www-authenticate', `Bearer error="insufficient_scope", scope="mcp_customer", resource_metadata="${config.baseUrl()}/.well-known/oauth-protected-resource"`);
    }
    res.status(status).json({ error: status === 403 ? 'insufficient_scope' : 'unauthorized' });
    return undefined;
  }
  return { userId: record.userId, token };
}

function mcpPost(req: Request, res: Response, hostConfig: McpHostConfig): void {
  const inModernEra = claimsModern(req) ? hostConfig.faults.inModernEra : undefined;
  const config = inModernEra ? { ...hostConfig, faults: { ...hostConfig.faults, ...inModernEra } } : hostConfig;
  const { faults } = config;
  const origin = req.headers.origin;
  // The modern fault lets a 2026-07-28 request past, as a handler mounted before the Origin check would.
  const originIgnored = faults.ignoreOrigin || (faults.modernFault === 'modern-ignores-origin' && claimsModern(req));
  const nullAsAbsent = origin === 'null' && faults.sampleFault === 'origin-null-as-absent';
  if (origin && origin !== config.baseUrl() && !originIgnored && !nullAsAbsent) {
    res.status(403).json({ error: 'forbidden_origin' });
    return;
  }
  if (faults.limitBeforeAuth && !admit(res, config, `ip:${req.socket.remoteAddress}`)) return;
  if (faults.thirdSampleFault === 'modern-call-before-token-check' && claimsModern(req)) callBeforeTokenCheck(req, config);
  const caller = authenticate(req, res, config);
  if (!caller) return;
  if (faults.concurrencyCap !== undefined && !holdTurn(res, caller.userId, faults.concurrencyCap)) return;
  const budgetKey = faults.limitPerToken ? caller.token : faults.freshFault === 'budget-per-client' ? config.state.holderOf(caller.token) : caller.userId;
  if (!faults.limitBeforeAuth && !admit(res, config, budgetKey)) return;
  const surveys = config.state.surveys;
  if (scopeMissing(req, config, caller.token)) {
    res.set('www-authenticate', `Bearer error="insufficient_scope", scope="mcp_customer", resource_metadata="${config.baseUrl()}/.well-known/oauth-protected-resource"`);
    return void res.status(403).json({ error: 'insufficient_scope' });
  }
  const invalid = nullMessageRefusal(req.body, faults) ?? invalidMessageRefusal(req.body, faults) ?? oversizedRefusal(req.body, claimsModern(req), faults);
  if (invalid) return void res.status(invalid.status).json(invalid.body);
  if (config.offers !== 'legacy' && claimsModern(req)) {
    const discover = (req.body as { method?: unknown } | undefined)?.method === 'server/discover';
    const fromCache = discover && config.state.modernDiscovered && faults.freshFault === 'cached-discover-loses-server-info';
    if (discover) config.state.modernDiscovered = true;
    return modernPost(req, res, fromCache ? { ...faults, modernFault: 'no-server-info' } : faults, (name, args, call) => callTool(name, modernArguments(name, args, faults), faults, { surveys, call: { ...call, userId: caller.userId, holder: config.state.holderOf(caller.token) } }));
  }
  if (config.offers === 'modern') return refuseLegacy(req, res, faults);
  if (faults.initializeRefusedAfterDiscover && (req.body as { method?: unknown } | undefined)?.method === 'initialize' && config.state.modernDiscovered) return refuseLegacy(req, res, faults);
  if (faults.legacyServerError) return void res.status(500).send('Internal Server Error');
  const notification = !Array.isArray(req.body) && (req.body as { id?: unknown; method?: unknown } | undefined)?.id === undefined && (req.body as { method?: unknown } | undefined)?.method !== undefined;
  if (notification && faults.freshFault === 'notification-before-version-check') return void res.status(202).end();
  const version = req.headers['mcp-protocol-version'];
  const formUnchecked = faults.versionHeaderFormUnchecked && !/^\d{4}-\d{2}-\d{2}$/.test(String(version));
  if (typeof version === 'string' && !SUPPORTED_VERSIONS.includes(version) && !faults.ignoreProtocolVersion && !formUnchecked) {
    res.status(400).json({ jsonrpc: '2.0', id: null, error: { code: -32600, message: `unsupported version ${version}` } });
    return;
  }
  if (Array.isArray(req.body)) return replyToBatch(res, faults, batchAnswers(req.body, faults, (call) => batchCall(call, faults, surveys, caller.userId, config.state.holderOf(caller.token))));
  const message = (req.body ?? {}) as { id?: string | number; method?: string; params?: Record<string, unknown> };
  const isResponse = message.method === undefined && ('result' in message || 'error' in message) && !faults.responseAnsweredAsRequest;
  if (isResponse) config.state.elicitations.settle(message as { id?: unknown; result?: unknown });
  if (message.id === undefined || isResponse) {
    res.status(faults.notificationStatus ?? 202);
    // The body breaks one branch: a notification's answer, not a posted response's.
    if (faults.notificationAnsweredWithBody && !isResponse) res.json({ jsonrpc: '2.0', result: {} });
    else res.end();
    return;
  }
  const reply = (body: Record<string, unknown>, status = 200): void => {
    res.status(status).json({ jsonrpc: '2.0', id: message.id, ...body });
  };
  const tools = faults.emptyToolList ? [] : withTitles(legacyToolList(faults), req, faults);
  if (message.method === 'initialize') {
    if (offersApps(message.params?.['capabilities'])) config.state.appHosts.add(caller.userId);
    else config.state.appHosts.delete(caller.userId);
    config.state.elicitations.noteInitialize(config.state.holderOf(caller.token), message.params?.['capabilities']);
  }
  const skills = faults.sampleFault === 'legacy-skills-empty' ? legacySkillsEmpty(message.method, message.params) : skillsAnswer(message.method, skillUri(message.method, message.params, faults), faults.skillsFault);
  if (skills) return reply(skills);
  const appAnswer = resultsAppAnswer(message.method, message.params, tools, faults, config.state.appHosts.has(caller.userId));
  if (appAnswer) return reply(appAnswer);
  switch (message.method) {
    case 'initialize': {
      if (faults.initializeError) return reply({ error: { code: -32603, message: 'internal error' } });
      const requested = String(message.params?.['protocolVersion'] ?? '');
      return reply({
        result: {
          protocolVersion: SUPPORTED_VERSIONS.includes(requested) || faults.initializeEchoesVersion ? requested : SUPPORTED_VERSIONS[0],
          capabilities: { ...(faults.legacyUndeclaredResources ? { tools: {} } : { tools: {}, resources: {} }), ...skillsCapabilities(faults.skillsFault), ...toolsUndeclared(message.params, faults) },
          serverInfo: { name: 'fake-survey-mcp', version: '0.0.0' },
        },
      });
    }
    case 'resources/list':
      return reply({ result: { resources: listedResources(faults.mcpAppFault) } });
    case 'resources/read': {
      const uri = message.params?.['uri'];
      if (uri === RESULTS_VIEW.uri) return reply({ result: { contents: [{ uri, mimeType: RESULTS_VIEW.mimeType, text: '<!doctype html>' }] } });
      return reply({ error: { code: faults.legacyResourceNotFound32602 ? -32602 : -32002, message: 'Resource not found', data: { uri } } });
    }
    case 'ping':
      if (faults.pingUnsupported) return reply({ error: { code: -32601, message: 'Method not found' } });
      return reply({ result: {} });
    case 'tools/list':
      return reply({ result: { tools } });
    case 'tools/call': {
      const refusal = legacyToolCallRefusal(message.params, faults);
      if (refusal) return reply(refusal);
      const name = String(message.params?.['name'] ?? '');
      const args = (message.params?.['arguments'] ?? {}) as Record<string, unknown>;
      if (name === 'delete_question' && args['confirmation_token'] === undefined && config.state.elicitations.declares(config.state.holderOf(caller.token)) && faults.confirmationFault !== 'elicitation-ignored') {
        return config.state.elicitations.stream(res, message.id, String(args['question_id']), surveys, faults.confirmationFault);
      }
      const outcome = callTool(name, args, faults, { surveys, call: { userId: caller.userId, holder: config.state.holderOf(caller.token), elicits: false } });
      if (!('ok' in outcome) && !('error' in outcome)) return reply({ error: { code: -32603, message: 'not in this era' } });
      if ('error' in outcome) {
        if (faults.toolErrorsAsJsonRpcErrors) return reply({ error: { code: -32000, message: outcome.error } });
        const payload = { error: outcome.error, ...outcome.details };
        return reply({
          result: { content: [{ type: 'text', text: JSON.stringify(payload) }], structuredContent: payload, isError: true },
        });
      }
      const structured = faults.legacyStructuredOffSchema ? withoutKey(outcome.ok, 'workspaces') : outcome.ok;
      const text = faults.legacyStructuredWithoutText ? 'done' : mirrorText(structured, faults);
      const content = faults.omitToolContent ? {} : { content: [{ type: 'text', text }] };
      return reply({ result: { ...content, structuredContent: structured } });
    }
    default:
      return reply({ error: { code: -32601, ...(faults.unknownMethodErrorUnworded ? {} : { message: 'Method not found' }) } }, faults.unknownMethodHttpStatus ?? 200);
  }
}

/** The `tools-capability-needs-elicitation` fault: tools declared only to a client that declares elicitation. */
function toolsUndeclared(params: Record<string, unknown> | undefined, faults: Faults): Record<string, unknown> {
  const capabilities = params?.['capabilities'] as Record<string, unknown> | undefined;
  return faults.freshFault === 'tools-capability-needs-elicitation' && capabilities?.['elicitation'] === undefined ? { tools: undefined } : {};
}

/** The `cimd-token-without-tools-scope` fault: a metadata-document client's tools/call refused for scope. */
function scopeMissing(req: Request, config: McpHostConfig, token: string): boolean {
  if (config.faults.freshFault !== 'cimd-token-without-tools-scope' || (req.body as { method?: unknown } | undefined)?.method !== 'tools/call') return false;
  return config.state.holderOf(token).split(' ')[1]?.startsWith('https://') === true;
}

/** The tool list of the 2025 era, one name broken by a fault. */
function legacyToolList(faults: Faults): readonly Record<string, unknown>[] {
  if (faults.sampleFault === 'legacy-properties-null') return TOOL_LIST.map((tool) => (tool.name === 'get_me' ? { ...tool, inputSchema: { type: 'object', properties: null } } : tool));
  if (faults.shareSurveyOutputSchemaEmpty) return TOOL_LIST.map((tool) => (tool.name === 'share_survey' ? { ...tool, outputSchema: shareSurveyOutputSchema(faults) } : tool));
  if (!faults.legacyToolNameWithSpace) return TOOL_LIST;
  return TOOL_LIST.map((tool) => (tool.name === 'list_surveys' ? { ...tool, name: 'list surveys' } : tool));
}

function withoutKey(record: Record<string, unknown>, key: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([entry]) => entry !== key));
}

/** The `legacy-skills-empty` fault: the extension registered on the 2026-07-28 router alone, the 2025-11-25 one lists no skill. */
function legacySkillsEmpty(method: string | undefined, params: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (method === 'skills/list') return { result: { skills: [] } };
  if (method === 'skills/get') return { error: { code: -32602, message: `No skill is served at ${String(params?.['uri'])}` } };
  return skillsAnswer(method, params, undefined);
}
