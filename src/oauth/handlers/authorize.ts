import type { Request, RequestHandler, Response } from 'express';
import {
  authorizationResponseUrl,
  checkAuthorizationRequest,
  type AuthorizationCheck,
  type AuthorizationRequest,
} from '../authorization-request.js';
import { csrfToken, csrfValid, signedInUser } from '../browser-session.js';
import { callerOf, retryFetchAfterSeconds } from '../clients.js';
import { isMetadataDocumentUrl, verifiedHostOf } from '../client-metadata/client-id-url.js';
import type { OAuthContext } from '../context.js';
import { OAuthError, type OAuthErrorCode } from '../errors.js';
import { ours } from '../explanation.js';
import { consentPage } from '../pages/consent.js';
import { documentUnavailablePage } from '../pages/document-unavailable.js';
import { errorPage } from '../pages/error.js';
import { redirectErrorPage } from '../pages/redirect-error.js';
import { signInPage } from '../pages/sign-in.js';
import { isLoopbackRedirect } from '../redirect-uri.js';
import { sendPage } from '../send-page.js';
import { authorizationCodeTtlMs, hashSecret, mintSecret } from '../tokens.js';

/** Where the sign-in form returns to: this same authorization request. */
const authorizeUrl = (request: AuthorizationRequest): string =>
  `/oauth/authorize?${new URLSearchParams(request.params as Record<string, string>)}`;

type Refusal = Exclude<AuthorizationCheck, { kind: 'valid' }>;
type RedirectRefusal = Extract<AuthorizationCheck, { kind: 'redirect' }>;

/**
 * RFC 9700 §4.11.2: anyone can register a redirect URI, so an error is sent there automatically
 * only when that cannot take a stranger's browser to a phishing site: the URI is http on
 * loopback, or the signed-in person saw this client's consent form or connected it before.
 */
async function mayRedirectError(context: OAuthContext, req: Request, check: RedirectRefusal, sawConsent: boolean): Promise<boolean> {
  if (isLoopbackRedirect(check.redirectUri)) return true;
  const userId = await signedInUser(context, req);
  if (!userId) return false;
  if (sawConsent) return true;
  return (await context.store.listConnectedApps(userId)).some((app) => app.clientId === check.client.id);
}

/** For clients probing with `Accept: application/json`: always 400, as the page would be. */
const jsonRefusal = (code: OAuthErrorCode, description: string): OAuthError => new OAuthError(code, description, { status: 400 });

/**
 * Handles an invalid request. Until client and redirect URI are validated the answer is a page
 * (or JSON for clients probing with `Accept: application/json`), never a redirect; after, the
 * error goes to the client when `mayRedirectError` allows, else the person gets a link to it.
 */
async function refuse(context: OAuthContext, req: Request, res: Response, check: Refusal, sawConsent: boolean): Promise<void> {
  const wantsJson = req.accepts(['html', 'json']) === 'json';
  if (check.kind === 'page' && check.retry) {
    res.set('Retry-After', String(retryFetchAfterSeconds));
    if (wantsJson) throw new OAuthError('temporarily_unavailable', check.reason.toString(), { retryAfterSeconds: retryFetchAfterSeconds });
    return sendPage(res, 503, documentUnavailablePage(check.reason));
  }
  if (check.kind === 'page') {
    if (wantsJson) throw jsonRefusal(check.unknownClient ? 'invalid_client' : 'invalid_request', check.reason.toString());
    return sendPage(res, 400, errorPage(check.reason));
  }
  const errorUrl = authorizationResponseUrl(context, check.redirectUri, check.state, {
    error: check.error,
    error_description: check.description.toString(),
  });
  if (await mayRedirectError(context, req, check, sawConsent)) return res.redirect(req.method === 'POST' ? 303 : 302, errorUrl);
  if (wantsJson) throw jsonRefusal(check.error, check.description.toString());
  sendPage(
    res,
    400,
    redirectErrorPage({
      clientName: check.client.name,
      verifiedHost: verifiedHostOf(check.client.id),
      redirectUri: check.redirectUri,
      reason: check.description,
      errorUrl,
    }),
  );
}

async function showSignInOrConsent(context: OAuthContext, req: Request, res: Response, request: AuthorizationRequest): Promise<void> {
  const token = csrfToken(context, req, res);
  const userId = await signedInUser(context, req);
  const user = userId ? await context.store.findUserById(userId) : undefined;
  if (!user) {
    sendPage(
      res,
      200,
      signInPage({
        csrfToken: token,
        returnTo: authorizeUrl(request),
        client: { name: request.client.name, verifiedHost: verifiedHostOf(request.client.id) },
        ssoName: context.sso?.name,
      }),
    );
    return;
  }
  sendPage(
    res,
    200,
    consentPage({
      csrfToken: token,
      email: user.email,
      clientName: request.client.name,
      verifiedHost: verifiedHostOf(request.client.id),
      redirectUri: request.redirectUri,
      params: request.params,
    }),
  );
}

/** GET /oauth/authorize: validates, then shows sign-in or consent. Nothing is stored until the person acts. */
export function showAuthorizationHandler(context: OAuthContext): RequestHandler {
  return async function showAuthorization(req, res) {
    const check = await checkAuthorizationRequest(context, req.query, callerOf(req));
    if (check.kind !== 'valid') return refuse(context, req, res, check, false);
    await showSignInOrConsent(context, req, res, check.request);
  };
}

/** POST /oauth/authorize: the person's decision on the consent page. */
export function decideAuthorizationHandler(context: OAuthContext): RequestHandler {
  return async function decideAuthorization(req, res) {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const check = await checkAuthorizationRequest(context, body, callerOf(req));
    if (check.kind !== 'valid') return refuse(context, req, res, check, csrfValid(context, req));
    const { request } = check;
    if (!csrfValid(context, req)) {
      sendPage(res, 403, errorPage(ours('this form has expired or did not come from this site; start again from the app')));
      return;
    }
    const userId = await signedInUser(context, req);
    if (!userId) return showSignInOrConsent(context, req, res, request);
    if (body.decision === 'deny') {
      res.redirect(
        303,
        authorizationResponseUrl(context, request.redirectUri, request.state, {
          error: 'access_denied',
          error_description: 'the person refused access',
        }),
      );
      return;
    }
    if (body.decision !== 'approve') {
      sendPage(res, 400, errorPage(ours("the form must send 'decision' as approve or deny")));
      return;
    }
    // Grants refer to a client row; a metadata client gets one once a person approves it, and
    // its document's last good copy is kept from then on.
    if (isMetadataDocumentUrl(request.client.id)) {
      await context.store.saveMetadataClient(request.client);
      await context.clientMetadata.approved(request.client.id);
    }
    const code = mintSecret();
    const now = context.clock.now();
    await context.store.insertAuthorizationCode({
      codeHash: hashSecret(code),
      clientId: request.client.id,
      userId,
      redirectUri: request.redirectUri,
      scope: request.scope,
      codeChallenge: request.codeChallenge,
      codeChallengeMethod: request.codeChallengeMethod,
      createdAt: now,
      expiresAt: now + authorizationCodeTtlMs,
    });
    res.redirect(303, authorizationResponseUrl(context, request.redirectUri, request.state, { code }));
  };
}
