import type { Request, Response } from 'express';
import type { Faults } from './faults.js';
import { registrationKey } from './faults-demonstrated.js';
import type { McpHostConfig } from './mcp-host.js';
import { refuseOverLimit } from './rate-limit.js';
import { randomId } from './state.js';

export const ALLOWED_GRANT_TYPES = ['authorization_code', 'refresh_token'];

/** Dynamic client registration (RFC 7591) as the contract's section 2.1 has it, each rule breakable by a fault. */
export function register(req: Request, res: Response, config: Pick<McpHostConfig, 'state' | 'faults' | 'registerLimit'>): void {
  const { state, faults } = config;
  const forwardedFor = faults.thirdSampleFault === 'register-limit-by-forwarded-for' ? req.headers['x-forwarded-for'] : undefined;
  const decision = config.registerLimit.consume(typeof forwardedFor === 'string' ? forwardedFor : registrationKey(req.socket.remoteAddress, faults));
  if (!decision.allowed && decision.repeated && faults.thirdSampleFault === 'register-repeat-429-no-retry-after') return void res.status(429).json({ error: 'rate_limit_exceeded' });
  if (!decision.allowed) return refuseOverLimit(res, decision, faults);
  if (Array.isArray(req.body) && faults.sampleFault === 'register-non-object-400') return void res.status(400).json({ error: 'invalid_request' });
  const body = (req.body ?? {}) as Record<string, unknown>;
  const refuse = (error: string, description: string): void => {
    res.status(faults.registrationErrorStatus ?? 422).json({ error, error_description: description });
  };
  const redirectUris: readonly unknown[] = Array.isArray(body['redirect_uris']) ? body['redirect_uris'] : [];
  if (redirectUris.length === 0 && !faults.emptyRedirectUrisAccepted) {
    return refuse('invalid_redirect_uri', 'redirect_uris must list at least one URI');
  }
  for (const uri of redirectUris) {
    const why = faults.acceptAnyRedirectUri ? undefined : redirectProblem(String(uri), faults);
    if (why) return refuse('invalid_redirect_uri', `${String(uri)}: ${why}`);
  }
  const grantTypes = (body['grant_types'] as unknown[] | undefined) ?? ['authorization_code'];
  if (!grantTypes.every((grant) => ALLOWED_GRANT_TYPES.includes(String(grant)))) {
    return refuse('invalid_client_metadata', 'grant_types may only be authorization_code and refresh_token');
  }
  const responseTypes = (body['response_types'] as unknown[] | undefined) ?? ['code'];
  if (!responseTypes.every((type) => type === 'code')) {
    return refuse('invalid_client_metadata', 'response_types may only be code');
  }
  const defaultSecret = body['token_endpoint_auth_method'] === undefined && faults.sampleFault === 'default-auth-method-secret';
  const webSecret = body['application_type'] === 'web' && faults.thirdSampleFault === 'web-application-secret';
  const secretIssued = (body['token_endpoint_auth_method'] === 'client_secret_post' && faults.freshFault === 'client-secret-issued') || defaultSecret || webSecret;
  if ((body['token_endpoint_auth_method'] ?? 'none') !== 'none' && !secretIssued) {
    return refuse('invalid_client_metadata', 'token_endpoint_auth_method must be none');
  }
  const clientName = String(body['client_name'] ?? '');
  const key = JSON.stringify([clientName, redirectUris, body['scope'] ?? 'mcp_customer']);
  const known = faults.newClientIdOnReRegistration ? undefined : state.clientIdsByRegistration.get(key);
  const urlLike = faults.registeredClientIdLikeUrl || (faults.httpsClientIdForHttpsRedirect && redirectUris.some((uri) => String(uri).startsWith('https://')));
  const clientId = known ?? (urlLike ? `https://clients.fake-survey-mcp.example/${randomId('client_')}` : randomId('client_'));
  if (!known) {
    const record = {
      client_id: clientId,
      client_name: clientName,
      redirect_uris: redirectUris,
      grant_types: grantTypes,
      response_types: responseTypes,
      token_endpoint_auth_method: defaultSecret || webSecret ? 'client_secret_basic' : secretIssued ? 'client_secret_post' : 'none',
      ...(secretIssued && { client_secret: randomId('secret_') }),
      scope: 'mcp_customer',
      ...faults.registrationOverrides,
    };
    state.clients.set(clientId, { clientId, record, redirectUris: redirectUris.map(String) });
    state.clientIdsByRegistration.set(key, clientId);
  }
  const record = state.clients.get(clientId)?.record;
  res.status(201).json(faults.reRegistrationRestamped ? { ...record, client_id_issued_at: Date.now() } : record);
}

function redirectProblem(uri: string, faults: Faults): string | undefined {
  if (!URL.canParse(uri)) return 'not a URI';
  const url = new URL(uri);
  if (url.hash) return 'a fragment is not allowed';
  if (['javascript:', 'data:', 'file:'].includes(url.protocol)) return `${url.protocol} URIs are not allowed`;
  if (url.protocol === 'https:') return faults.httpsRedirectsRefused ? 'https is not allowed' : undefined;
  if (faults.httpsOnlyRedirects) return 'only https is allowed';
  if (url.protocol === 'http:') {
    const loopback = ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname) || (faults.freshFault === 'localhost-prefix-loopback' && url.hostname.startsWith('localhost'));
    return loopback ? undefined : 'http is only for loopback';
  }
  return undefined;
}
