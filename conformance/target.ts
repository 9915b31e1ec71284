import { usageError } from './errors.js';

/** The addresses of a deployment, all derived from {base_url} as the specification places them. */
export interface Target {
  /** {base_url}: no trailing slash, as it must appear in the issuer and in WWW-Authenticate. */
  readonly baseUrl: string;
  readonly mcpEndpoint: string;
  readonly registrationEndpoint: string;
  readonly protectedResourceMetadata: string;
  readonly authorizationServerMetadata: string;
  readonly openidConfiguration: string;
}

export function targetFrom(url: string): Target {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw usageError(`--url must be an absolute http(s) address, got "${url}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw usageError(`--url must be an http(s) address, got "${url}"`);
  }
  if (parsed.search || parsed.hash) {
    throw usageError(`--url must be the deployment's base address without query or fragment, got "${url}"`);
  }
  const baseUrl = `${parsed.origin}${parsed.pathname}`.replace(/\/+$/, '');
  return {
    baseUrl,
    mcpEndpoint: `${baseUrl}/`,
    registrationEndpoint: `${baseUrl}/register`,
    protectedResourceMetadata: `${baseUrl}/.well-known/oauth-protected-resource`,
    authorizationServerMetadata: `${baseUrl}/.well-known/oauth-authorization-server`,
    openidConfiguration: `${baseUrl}/.well-known/openid-configuration`,
  };
}
