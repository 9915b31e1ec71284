import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import type { User } from '../store/account-store.js';
import { isSecureOrigin, type OAuthContext } from './context.js';
import type { SsoAttempt } from './sso/relying-party.js';
import { hashSecret, mintSecret } from './tokens.js';

export const sessionTtlMs = 8 * 60 * 60 * 1000;
const deviceTtlMs = 90 * 24 * 60 * 60 * 1000;
const secretPattern = /^[A-Za-z0-9_-]{43}$/;

type CookieKind = 'session' | 'csrf' | 'revoked' | 'device' | 'sso';

/**
 * Under https every cookie is `__Host-`: Secure, host-only, path `/`, so no sibling host of the
 * same site can set or overwrite it (cookie injection). Browsers refuse the prefix over http.
 */
const cookieName = (context: OAuthContext, kind: CookieKind): string =>
  `${isSecureOrigin(context) ? '__Host-' : ''}survey_${kind}`;

const cookieOptions = (context: OAuthContext) =>
  ({ httpOnly: true, sameSite: 'lax', secure: isSecureOrigin(context), path: '/' }) as const;

function readCookie(context: OAuthContext, req: Request, kind: CookieKind): string | undefined {
  const name = cookieName(context, kind);
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      // A mangled cookie is no cookie: the person simply signs in again.
      return undefined;
    }
  }
  return undefined;
}

function setCookie(context: OAuthContext, res: Response, kind: CookieKind, value: string, maxAgeMs: number): void {
  res.cookie(cookieName(context, kind), value, { ...cookieOptions(context), maxAge: maxAgeMs });
}

function clearCookie(context: OAuthContext, res: Response, kind: CookieKind): void {
  res.clearCookie(cookieName(context, kind), cookieOptions(context));
}

/** The signed-in person's user id, from the session cookie checked against the store. */
export async function signedInUser(context: OAuthContext, req: Request): Promise<string | undefined> {
  const secret = readCookie(context, req, 'session');
  if (!secret) return undefined;
  const session = await context.store.findSignInSession(hashSecret(secret), context.clock.now());
  return session?.userId;
}

/** A new session, replacing any this browser had (no fixation); it also renews the CSRF token. */
export async function startSession(context: OAuthContext, req: Request, res: Response, userId: string): Promise<void> {
  const previous = readCookie(context, req, 'session');
  if (previous) await context.store.deleteSignInSession(hashSecret(previous));
  const secret = mintSecret();
  const now = context.clock.now();
  await context.store.insertSignInSession(hashSecret(secret), { userId, createdAt: now, expiresAt: now + sessionTtlMs });
  setCookie(context, res, 'session', secret, sessionTtlMs);
}

export async function endSession(context: OAuthContext, req: Request, res: Response): Promise<void> {
  const secret = readCookie(context, req, 'session');
  if (secret) await context.store.deleteSignInSession(hashSecret(secret));
  clearCookie(context, res, 'session');
}

export interface RevokeOutcome {
  readonly clientId: string;
  /** False when the person had no grant of this client: nothing changed. */
  readonly revoked: boolean;
}

/**
 * Remembers, for the next page only, which app this browser just revoked. A cookie rather than a
 * query parameter, so a link from elsewhere cannot make the page announce an app of its choosing.
 */
export function rememberRevoked(context: OAuthContext, res: Response, outcome: RevokeOutcome): void {
  setCookie(context, res, 'revoked', `${outcome.revoked ? 'revoked' : 'unchanged'}.${outcome.clientId}`, 60_000);
}

export function takeRevoked(context: OAuthContext, req: Request, res: Response): RevokeOutcome | undefined {
  const value = readCookie(context, req, 'revoked');
  if (value === undefined) return undefined;
  clearCookie(context, res, 'revoked');
  // The client id may hold dots of its own (a metadata document URL): split at the first one only.
  const dot = value.indexOf('.');
  const clientId = dot < 0 ? '' : value.slice(dot + 1);
  return clientId ? { clientId, revoked: value.slice(0, dot) === 'revoked' } : undefined;
}

const mac = (key: string, purpose: string): string => createHmac('sha256', key).update(purpose).digest('base64url');

/** Constant-time equality of two secrets (a length difference shows, their contents do not). */
export const sameSecret = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * What the CSRF token is derived from: the session's own secret once signed in, before that a
 * random secret in its own cookie. Neither is ever sent in a page, so knowing or planting a cookie
 * value gains nothing, and signing in (a new session secret) rotates the token.
 */
function csrfKey(context: OAuthContext, req: Request): string | undefined {
  const key = readCookie(context, req, 'session') ?? readCookie(context, req, 'csrf');
  return key && secretPattern.test(key) ? key : undefined;
}

/** The CSRF token for the forms of this page: an HMAC of the browser's secret, not the secret. */
export function csrfToken(context: OAuthContext, req: Request, res: Response): string {
  let key = csrfKey(context, req);
  if (!key) {
    key = mintSecret();
    setCookie(context, res, 'csrf', key, sessionTtlMs);
  }
  return mac(key, 'survey-mcp csrf');
}

/** True when the submitted form carries this browser's CSRF token and, if sent, our own Origin. */
export function csrfValid(context: OAuthContext, req: Request): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== new URL(context.authUrl).origin) return false;
  const key = csrfKey(context, req);
  const submitted = (req.body as Record<string, unknown> | undefined)?.csrf_token;
  return key !== undefined && typeof submitted === 'string' && sameSecret(mac(key, 'survey-mcp csrf'), submitted);
}

/**
 * A device cookie (OWASP): proof that this browser signed in as `user` before. Keyed by the
 * password hash, so it needs no server secret and a password change voids it.
 */
const deviceProof = (user: User): string => `${user.id}.${mac(user.passwordHash, `survey-mcp device ${user.id}`)}`;

export function rememberDevice(context: OAuthContext, res: Response, user: User): void {
  setCookie(context, res, 'device', deviceProof(user), deviceTtlMs);
}

export function isKnownDevice(context: OAuthContext, req: Request, user: User): boolean {
  const proof = readCookie(context, req, 'device');
  return proof !== undefined && sameSecret(proof, deviceProof(user));
}

/** Long enough to sign in at the provider, short enough that a forgotten tab does not linger. */
const ssoAttemptTtlMs = 10 * 60 * 1000;

/**
 * Binds a sign-in at the OpenID provider to this browser: the attempt (state, nonce, PKCE
 * verifier, where to go after) is kept server-side under the hash of a random secret, and only
 * that secret goes into the cookie. The callback takes the row, so it is accepted once, before
 * its deadline, and only from the browser holding the secret: a forged cookie names no attempt
 * and costs the provider nothing.
 */
export async function rememberSsoAttempt(context: OAuthContext, res: Response, attempt: SsoAttempt): Promise<void> {
  const secret = mintSecret();
  await context.store.insertSsoAttempt(hashSecret(secret), { ...attempt, expiresAt: context.clock.now() + ssoAttemptTtlMs }, context.clock.now());
  setCookie(context, res, 'sso', secret, ssoAttemptTtlMs);
}

export async function takeSsoAttempt(context: OAuthContext, req: Request, res: Response): Promise<SsoAttempt | undefined> {
  const secret = readCookie(context, req, 'sso');
  if (secret === undefined) return undefined;
  clearCookie(context, res, 'sso');
  if (!secretPattern.test(secret)) return undefined;
  const found = await context.store.takeSsoAttempt(hashSecret(secret), context.clock.now());
  return found && { state: found.state, nonce: found.nonce, codeVerifier: found.codeVerifier, returnTo: found.returnTo };
}
