import { timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { isSecureOrigin, type OAuthContext } from './context.js';
import { hashSecret, mintSecret } from './tokens.js';

const sessionCookie = 'survey_session';
const csrfCookie = 'survey_csrf';
const revokedCookie = 'survey_revoked';
export const sessionTtlMs = 8 * 60 * 60 * 1000;

function readCookie(req: Request, name: string): string | undefined {
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

function setCookie(context: OAuthContext, res: Response, name: string, value: string, maxAgeMs: number): void {
  res.cookie(name, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureOrigin(context),
    path: '/',
    maxAge: maxAgeMs,
  });
}

/** The signed-in person's user id, from the session cookie checked against the store. */
export async function signedInUser(context: OAuthContext, req: Request): Promise<string | undefined> {
  const secret = readCookie(req, sessionCookie);
  if (!secret) return undefined;
  const session = await context.store.findSignInSession(hashSecret(secret), context.clock.now());
  return session?.userId;
}

export async function startSession(context: OAuthContext, res: Response, userId: string): Promise<void> {
  const secret = mintSecret();
  const now = context.clock.now();
  await context.store.insertSignInSession(hashSecret(secret), { userId, createdAt: now, expiresAt: now + sessionTtlMs });
  setCookie(context, res, sessionCookie, secret, sessionTtlMs);
}

export async function endSession(context: OAuthContext, req: Request, res: Response): Promise<void> {
  const secret = readCookie(req, sessionCookie);
  if (secret) await context.store.deleteSignInSession(hashSecret(secret));
  res.clearCookie(sessionCookie, { path: '/' });
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
  setCookie(context, res, revokedCookie, `${outcome.revoked ? 'revoked' : 'unchanged'}.${outcome.clientId}`, 60_000);
}

export function takeRevoked(req: Request, res: Response): RevokeOutcome | undefined {
  const value = readCookie(req, revokedCookie);
  if (value === undefined) return undefined;
  res.clearCookie(revokedCookie, { path: '/' });
  const [kind, clientId] = value.split('.', 2);
  return clientId ? { clientId, revoked: kind === 'revoked' } : undefined;
}

/**
 * The CSRF token for the forms of this page: a random value in an HttpOnly cookie that each form
 * repeats in a hidden field (double submit). Another site can neither read it nor set the field.
 */
export function csrfToken(context: OAuthContext, req: Request, res: Response): string {
  const existing = readCookie(req, csrfCookie);
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const token = mintSecret();
  setCookie(context, res, csrfCookie, token, sessionTtlMs);
  return token;
}

/** True when the submitted form carries the cookie's CSRF token and, if sent, our own Origin. */
export function csrfValid(context: OAuthContext, req: Request): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== new URL(context.authUrl).origin) return false;
  const expected = readCookie(req, csrfCookie);
  const submitted = (req.body as Record<string, unknown> | undefined)?.csrf_token;
  if (!expected || typeof submitted !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(submitted);
  return a.length === b.length && timingSafeEqual(a, b);
}
