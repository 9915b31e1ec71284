import type { Request, Response } from 'express';
import type { AuthorizationRequest } from './authorization-parameters.js';
import type { Faults } from './faults.js';
import type { FakeClient, FakeSession } from './state.js';

function hiddenFields(request: AuthorizationRequest, session: FakeSession, returnTo = false): string {
  const fields = Object.entries(request).map(([name, value]) => hidden(name, value ?? ''));
  const back = returnTo ? [hidden('return_to', `/oauth/authorize?${new URLSearchParams(request as Record<string, string>).toString()}`)] : [];
  return [...fields, ...back, hidden('csrf_token', session.csrf)].join('');
}

function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
}

export function signInPage(res: Response, request: AuthorizationRequest, session: FakeSession, error: string, faults: Faults): void {
  if (!faults.framableSignIn) res.set({ 'content-security-policy': "frame-ancestors 'none'", 'x-frame-options': 'DENY' });
  page(
    res,
    200,
    `<h1>Sign in</h1>${error ? `<p class="error">${error}</p>` : ''}
<form method="post" action="/oauth/sign-in">${hiddenFields(request, session, faults.signInReturnToUnchecked)}${faults.sampleFault === 'sign-in-return-to-anywhere' ? hidden('return_to', `/oauth/authorize?${new URLSearchParams(request as Record<string, string>).toString()}`) : ''}
<label>Email <input type="email" name="email"></label>
<label>Password <input type="password" name="password"></label>
<button type="submit">Sign in</button></form>`,
  );
}

export function consentPage(res: Response, request: AuthorizationRequest, session: FakeSession, client: FakeClient, faults: Faults): void {
  if (!faults.framableConsent) res.set({ 'content-security-policy': "frame-ancestors 'none'", 'x-frame-options': 'DENY' });
  // The `consent-shows-first-redirect` fault shows where the client registered first, not where this request goes.
  const shown = faults.thirdSampleFault === 'consent-shows-first-redirect' ? (client.redirectUris[0] ?? request.redirect_uri) : request.redirect_uri;
  const destination = faults.consentHidesRedirect ? '' : `<p>Redirects to ${escapeHtml(shown ?? '')}</p>`;
  const tracker = faults.consentThirdPartyScript ? '<script src="https://cdn.conformance.invalid/analytics.js"></script>' : '';
  const publisher = /^https:\/\//.test(client.clientId) && !faults.consentHidesClientIdHost ? `<p>Published by ${escapeHtml(new URL(client.clientId).hostname)}</p>` : '';
  page(
    res,
    200,
    `${tracker}<h1>Allow ${escapeHtml(String(client.record['client_name']))} access?</h1>${publisher}${destination}
<form method="post" action="/oauth/consent">${hiddenFields(request, session)}
<button type="submit" name="decision" value="deny">Deny</button>
<button type="submit" name="decision" value="approve">Approve</button></form>`,
  );
}

/** RFC 6749 §3.1.2.3: no redirect_uri leaves nothing validated to redirect to; the client is known, so invalid_request. */
export function missingRedirectUri(req: Request, res: Response, faults: Faults): void {
  if (req.accepts(['html', 'json']) === 'json' && !faults.missingRedirectUriPageOnly) return void res.status(400).json({ error: faults.missingRedirectUriAsUnknownClient ? 'invalid_client' : 'invalid_request' });
  if (faults.missingRedirectUriServerError) return void res.status(500).json({ error: 'server_error' });
  page(res, 400, "<h1>This request names no redirect_uri</h1>");
}

export function page(res: Response, status: number, body: string): void {
  res.status(status).type('html').send(`<!doctype html><html><body>${body}</body></html>`);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
