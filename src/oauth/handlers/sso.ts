import type { RequestHandler } from 'express';
import { anonymous } from '../../platform/context.js';
import { accountForIdentity, normalizeEmail, type SsoRefusal } from '../../platform/sso-accounts.js';
import { csrfValid, rememberSsoAttempt, sameSecret, takeSsoAttempt } from '../browser-session.js';
import type { OAuthContext, SingleSignOn } from '../context.js';
import { explain, ours, type Explanation } from '../explanation.js';
import { errorPage } from '../pages/error.js';
import { ssoErrorPage } from '../pages/sso-error.js';
import { sendPage } from '../send-page.js';
import { SsoCallbackError } from '../sso/errors.js';
import { completeSignIn, overBudget, safeReturnTo, type SignInLimit } from './sign-in.js';

/** The redirect URI to register at the provider. */
export const ssoCallbackUrl = (context: OAuthContext): string => `${context.authUrl}/sso/callback`;

/** POST /sso/start: the "Sign in with …" button. Sends the browser to the provider, bound to this browser. */
export function ssoStartHandler(context: OAuthContext, sso: SingleSignOn): RequestHandler {
  return async function ssoStart(req, res) {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const returnTo = safeReturnTo(body.return_to, context.authUrl);
    if (!csrfValid(context, req)) {
      sendPage(res, 403, errorPage(ours('this form has expired or did not come from this site; go back and sign in again')));
      return;
    }
    const { attempt, codeChallenge } = await sso.relyingParty.newAttempt(returnTo);
    rememberSsoAttempt(context, res, attempt);
    res.redirect(303, sso.relyingParty.authorizationUrl(ssoCallbackUrl(context), attempt, codeChallenge).href);
  };
}

function refusalReason(sso: SingleSignOn, reason: SsoRefusal, email = ''): Explanation {
  const provider = ours(sso.name);
  switch (reason) {
    case 'no_email':
      return explain`${provider} did not say which email address is yours (no 'email' claim), so no account can be chosen.`;
    case 'email_unverified':
      return explain`${provider} has not verified the email address ${email} ('email_verified' is not true), so it cannot sign in to the account of that address.`;
    case 'no_account':
      return explain`There is no survey platform account with the email ${email}. Ask whoever runs the platform to create one.`;
    case 'account_disabled':
      return explain`The account ${email} is disabled.`;
  }
}

/**
 * GET /sso/callback: the provider's answer. Accepted once, in the browser that started it, with
 * the state it was sent; then the person signs in exactly as with a password.
 */
export function ssoCallbackHandler(context: OAuthContext, sso: SingleSignOn, limit: SignInLimit): RequestHandler {
  return async function ssoCallback(req, res) {
    const attempt = takeSsoAttempt(context, req, res);
    const params = new URL(req.originalUrl, context.authUrl).searchParams;
    const refuse = (status: number, reason: Explanation, email?: string) =>
      sendPage(res, status, ssoErrorPage({ email, reason, retryUrl: safeReturnTo(attempt?.returnTo, context.authUrl) }));
    if (!attempt) {
      return refuse(400, ours('This sign-in answer is not for this browser, or it was already used or has expired. Start the sign-in again.'));
    }
    if (!sameSecret(params.get('state') ?? '', attempt.state)) {
      return refuse(400, ours("This answer does not belong to the sign-in this browser started (its 'state' does not match). Start the sign-in again."));
    }
    const error = params.get('error');
    if (error !== null) {
      const description = params.get('error_description');
      const cancelled = ours(error === 'access_denied' ? ' The sign-in was cancelled or refused there.' : '');
      const detail = description ? explain` (its description: ${description})` : ours('');
      return refuse(403, explain`${ours(sso.name)} answered ${error}${detail}.${cancelled}`);
    }
    const callbackUrl = new URL(ssoCallbackUrl(context));
    callbackUrl.search = params.toString();
    let claims;
    try {
      claims = await sso.relyingParty.claims(callbackUrl, attempt);
    } catch (failure) {
      if (!(failure instanceof SsoCallbackError)) throw failure;
      if (failure.reason === 'nonce_mismatch') {
        return refuse(400, ours("The ID token was issued for another sign-in (its 'nonce' does not match this browser's). Start the sign-in again."));
      }
      return refuse(502, explain`The answer of ${ours(sso.name)} could not be accepted: ${failure.message}`);
    }
    const email = typeof claims.email === 'string' ? normalizeEmail(claims.email) : undefined;
    // The per-address and per-account budgets of the password form, charged the same way.
    const overLimit = await overBudget(context, limit, req, email ?? '');
    if (overLimit) {
      res.set('Retry-After', String(overLimit.retryAfterSeconds));
      return refuse(429, explain`Too many sign-in attempts. Try again in ${overLimit.retryAfterSeconds} seconds.`, email);
    }
    const outcome = await accountForIdentity(context, anonymous, claims, { createAccountsIn: sso.createAccountsIn });
    if (outcome.kind === 'refused') return refuse(403, refusalReason(sso, outcome.reason, outcome.email), outcome.email);
    // Checked again: the cookie came back from the browser, like any input.
    await completeSignIn(context, req, res, outcome.user, safeReturnTo(attempt.returnTo, context.authUrl), 'sso');
  };
}
