import type { RequestHandler } from 'express';
import { anonymous } from '../../platform/context.js';
import { accountForIdentity, type SsoRefusal } from '../../platform/sso-accounts.js';
import { csrfValid, rememberSsoAttempt, sameSecret, takeSsoAttempt } from '../browser-session.js';
import type { OAuthContext, SingleSignOn } from '../context.js';
import { explain, ours, type Explanation } from '../explanation.js';
import { errorPage } from '../pages/error.js';
import { ssoErrorPage } from '../pages/sso-error.js';
import { sendPage } from '../send-page.js';
import { SsoCallbackError } from '../sso/errors.js';
import { accountOverBudget, addressOverBudget, completeSignIn, safeReturnTo, type SignInLimit } from './sign-in.js';

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
    // Checked here, where it comes in: the attempt is kept server-side, so this is what the callback uses.
    const { attempt, codeChallenge } = await sso.relyingParty.newAttempt(returnTo);
    await rememberSsoAttempt(context, res, attempt);
    res.redirect(303, sso.relyingParty.authorizationUrl(ssoCallbackUrl(context), attempt, codeChallenge).href);
  };
}

function refusalReason(sso: SingleSignOn, reason: SsoRefusal, email = '', detail = ''): Explanation {
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
    case 'email_not_exact':
      return explain`${provider} sent the email ${email}, which has spaces around it or characters that Unicode normalisation changes (look-alikes such as the Kelvin sign for K). Emails must match an account exactly, so nobody is signed in; ask whoever runs ${provider} to correct the address.`;
    case 'subject_mismatch':
      return explain`The account ${email} is linked to another identity at ${provider} (a different 'sub'), so this one cannot sign in to it. If the person's identity there really changed, whoever runs the platform can relink it: survey-mcp users sso-unlink ${email}.`;
    case 'not_allowed_to_join':
      return explain`There is no survey platform account with the email ${email}, and new accounts are created only for the organisations this platform allows. Ask whoever runs the platform to create one.`;
    case 'account_refused':
      return explain`An account cannot be created for ${email}: ${detail}.`;
  }
}

/**
 * GET /sso/callback: the provider's answer. Accepted once, in the browser that started it, with
 * the state it was sent; then the person signs in exactly as with a password.
 */
export function ssoCallbackHandler(context: OAuthContext, sso: SingleSignOn, limit: SignInLimit): RequestHandler {
  return async function ssoCallback(req, res) {
    const attempt = await takeSsoAttempt(context, req, res);
    const params = new URL(req.originalUrl, context.authUrl).searchParams;
    const refuse = (status: number, reason: Explanation, email?: string) =>
      sendPage(res, status, ssoErrorPage({ email, reason, retryUrl: attempt?.returnTo ?? '/account/apps' }));
    // Everything before the code is redeemed costs the provider nothing: no attempt, no request.
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
    const tooMany = (refusal: { retryAfterSeconds: number }, email?: string) => {
      res.set('Retry-After', String(refusal.retryAfterSeconds));
      return refuse(429, explain`Too many sign-in attempts. Try again in ${refusal.retryAfterSeconds} seconds.`, email);
    };
    // The per-address budget of the password form, charged before the code goes to the provider.
    const overAddress = await addressOverBudget(limit, req);
    if (overAddress) return tooMany(overAddress);
    const callbackUrl = new URL(ssoCallbackUrl(context));
    callbackUrl.search = params.toString();
    let claims;
    try {
      claims = await sso.relyingParty.claims(callbackUrl, attempt, context.clock.now());
    } catch (failure) {
      if (!(failure instanceof SsoCallbackError)) throw failure;
      if (failure.reason === 'nonce_mismatch') {
        return refuse(400, ours("The ID token was issued for another sign-in (its 'nonce' does not match this browser's). Start the sign-in again."));
      }
      return refuse(502, explain`The answer of ${ours(sso.name)} could not be accepted: ${failure.message}`);
    }
    const email = typeof claims.email === 'string' ? claims.email : undefined;
    // The budget of the person's own account, as the password form charges it.
    const overAccount = email === undefined ? undefined : await accountOverBudget(context, limit, req, email);
    if (overAccount) return tooMany(overAccount, email);
    const outcome = await accountForIdentity(context, anonymous, claims, { createAccountsIn: sso.createAccountsIn, allowedToJoin: sso.allowedToJoin });
    if (outcome.kind === 'refused') return refuse(403, refusalReason(sso, outcome.reason, outcome.email, outcome.detail), outcome.email);
    await completeSignIn(context, req, res, outcome.user, attempt.returnTo, 'sso');
  };
}
