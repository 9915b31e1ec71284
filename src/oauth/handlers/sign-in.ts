import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import type { RateDecision, RateRule, SlidingLog } from '../../limits/limiter.js';
import { authenticate } from '../../platform/accounts.js';
import { anonymous } from '../../platform/context.js';
import type { User } from '../../store/account-store.js';
import { csrfToken, csrfValid, endSession, isKnownDevice, rememberDevice, startSession } from '../browser-session.js';
import { verifiedHostOf } from '../client-metadata/client-id-url.js';
import { callerOf, lookUpClient } from '../clients.js';
import type { OAuthContext } from '../context.js';
import { signInPage, type SignInPage } from '../pages/sign-in.js';
import { sendPage } from '../send-page.js';
import { recordAudit } from '../../platform/audit.js';

const credentialsSchema = z.object({
  email: z.string().trim().max(254).catch(''),
  password: z.string().max(1024).catch(''),
});

/** Only paths on the auth host itself, so sign-in can never bounce the person elsewhere. */
export function safeReturnTo(value: unknown, authUrl: string): string {
  const fallback = '/account/apps';
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return fallback;
  }
  const url = new URL(value, authUrl);
  // Checked after normalising too: `/.//evil.example` resolves to the path `//evil.example`,
  // which a browser would read as another host.
  if (url.origin !== new URL(authUrl).origin || url.pathname.startsWith('//')) return fallback;
  return `${url.pathname}${url.search}`;
}

/** The app asking, when the person signs in on the way to its consent page. */
async function clientFor(context: OAuthContext, req: Request, returnTo: string): Promise<SignInPage['client']> {
  const url = new URL(returnTo, context.authUrl);
  const clientId = url.pathname === '/oauth/authorize' ? url.searchParams.get('client_id') : null;
  const found = clientId ? await lookUpClient(context, clientId, callerOf(req)) : undefined;
  return found?.kind === 'found' ? { name: found.client.name, verifiedHost: verifiedHostOf(found.client.id) } : undefined;
}

export interface SignInLimit {
  readonly slidingLog: SlidingLog;
  /** Per client address, over all accounts: `--sign-in-rate-limit`. */
  readonly rule: RateRule;
  /** The client's address as the HTTP layer groups it (proxies, IPv6 /64). */
  readonly clientOf: (req: Request) => string;
}

/**
 * Per account, over all addresses: slower than the per-address budget (5 times the attempts in 15
 * times the window: 100 per 15 minutes by default), and not charged to a browser that has signed
 * in to this account before, so a stranger rotating addresses cannot lock its owner out.
 */
export const accountRule = (rule: RateRule): RateRule => ({ limit: rule.limit * 5, windowMs: rule.windowMs * 15 });

type Refusal = Extract<RateDecision, { allowed: false }>;

/** The per-address budget, charged for every attempt: before a password is checked or a provider's code redeemed. */
export async function addressOverBudget(limit: SignInLimit, req: Request): Promise<Refusal | undefined> {
  const address = await limit.slidingLog.consume(`sign-in:ip:${limit.clientOf(req)}`, limit.rule);
  return address.allowed ? undefined : address;
}

/** The budget of the account `email` names, each person's own; a browser that signed in to it before is not charged. */
export async function accountOverBudget(context: OAuthContext, limit: SignInLimit, req: Request, email: string): Promise<Refusal | undefined> {
  const user = await context.store.findUserByEmail(email);
  if (user && isKnownDevice(context, req, user)) return undefined;
  const account = await limit.slidingLog.consume(`sign-in:email:${email.toLowerCase()}`, accountRule(limit.rule));
  return account.allowed ? undefined : account;
}

/** The first budget this attempt exceeds, or undefined when every budget admits it. */
const overBudget = async (context: OAuthContext, limit: SignInLimit, req: Request, email: string): Promise<Refusal | undefined> =>
  (await addressOverBudget(limit, req)) ?? (await accountOverBudget(context, limit, req, email));

/**
 * POST /sign-in: email and password; success sets the session cookie and returns to `return_to`.
 * Attempts are limited per client address and per account, so passwords cannot be guessed at speed.
 */
export function signInHandler(context: OAuthContext, limit: SignInLimit): RequestHandler {
  return async function signIn(req, res) {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const returnTo = safeReturnTo(body.return_to, context.authUrl);
    const { email, password } = credentialsSchema.parse(body);
    const again = async (status: number, error: string) =>
      sendPage(
        res,
        status,
        signInPage({
          csrfToken: csrfToken(context, req, res),
          returnTo,
          client: await clientFor(context, req, returnTo),
          email,
          error,
          ssoName: context.sso?.name,
        }),
      );
    if (!csrfValid(context, req)) return again(403, 'This form expired. Please sign in again.');
    const refused = await overBudget(context, limit, req, email);
    if (refused) {
      res.set('Retry-After', String(refused.retryAfterSeconds));
      return again(429, `Too many sign-in attempts. Try again in ${refused.retryAfterSeconds} seconds.`);
    }
    const outcome = await authenticate(context, anonymous, { email, password });
    if (outcome.kind === 'sso-only') {
      return again(
        403,
        context.sso
          ? `This account signs in with ${context.sso.name} only, not with a password: use the "Sign in with ${context.sso.name}" button.`
          : 'This account signs in with single sign-on only, not with a password, and this server does not offer it now.',
      );
    }
    if (outcome.kind === 'refused') return again(401, 'That email and password do not match an active account.');
    if (outcome.kind === 'disabled') return again(403, 'This account is disabled. An administrator can enable it again.');
    await completeSignIn(context, req, res, outcome.user, returnTo, 'password');
  };
}

/** Once the person is known, by password or by their company's provider: the same session and device cookie. */
export async function completeSignIn(context: OAuthContext, req: Request, res: Response, user: User, returnTo: string, method: 'password' | 'sso'): Promise<void> {
  await startSession(context, req, res, user.id);
  await recordAudit(context, { action: 'sign-in', actorUserId: user.id, detail: { method } });
  rememberDevice(context, res, user);
  res.redirect(303, returnTo);
}

/** POST /sign-out: ends the session on this browser. */
export function signOutHandler(context: OAuthContext): RequestHandler {
  return async function signOut(req, res) {
    if (csrfValid(context, req)) await endSession(context, req, res);
    res.redirect(303, '/account/apps');
  };
}
