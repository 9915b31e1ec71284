import type { Request, RequestHandler, Response } from 'express';
import { createPlatform, openConfirmation, type ConfirmationClaims } from '../../platform/index.js';
import { csrfToken, csrfValid, signedInUser } from '../browser-session.js';
import { verifiedHostOf } from '../client-metadata/client-id-url.js';
import type { OAuthContext } from '../context.js';
import { explain, ours, type Explanation } from '../explanation.js';
import { confirmationPage } from '../pages/confirmation.js';
import { confirmationLink, errorPage } from '../pages/error.js';
import { signInPage } from '../pages/sign-in.js';
import { sendPage } from '../send-page.js';

/**
 * `{auth_url}/confirm?seal=…`: where a person confirms, signed in as themselves, a change their
 * assistant cannot ask them about by form (docs/tools.md, "Confirmations"). The click is recorded
 * in the store; only then does the assistant's repeated call apply the change.
 */
export function confirmationHandlers(context: OAuthContext): { show: RequestHandler; decide: RequestHandler } {
  const platform = createPlatform({ store: context.store, clock: context.clock });

  /** The seal's claims and the signed-in person, or the page that says why not (sent). */
  async function admitted(req: Request, res: Response, seal: unknown): Promise<{ claims: ConfirmationClaims; email: string } | undefined> {
    if (typeof seal !== 'string' || seal === '') return refuse(res, 400, ours("the link carries no confirmation: open the whole link the assistant gave, with its 'seal'"));
    const opened = await openConfirmation(await platform.confirmationKey(), seal, context.clock.now());
    if ('problem' in opened) {
      return refuse(res, 400, opened.problem === 'has expired'
        ? ours('this confirmation has expired (each is good for 5 minutes): ask the assistant to make the change again')
        : ours('this link is no confirmation of this server: it was altered or cut short'));
    }
    const { claims } = opened;
    // Form and stream confirmations are answered in the assistant, never here.
    if (claims.mode !== 'link' && claims.mode !== 'url') return refuse(res, 400, ours('this confirmation is answered in the assistant, not on this page'));
    const userId = await signedInUser(context, req);
    const user = userId && (await context.store.findUserById(userId));
    if (!user) {
      const client = await context.store.findClient(claims.clientId);
      const returnTo = `/confirm?seal=${encodeURIComponent(seal)}`;
      sendPage(res, 200, signInPage({ csrfToken: csrfToken(context, req, res), returnTo, client: client && { name: client.name, verifiedHost: verifiedHostOf(client.id) }, ssoName: context.sso?.name }));
      return undefined;
    }
    if (user.id !== claims.userId) {
      const reason = explain`this confirmation was asked of another person, not of ${user.email}: sign out and sign in as the person who uses the assistant`;
      sendPage(res, 403, errorPage(reason, confirmationLink, { email: user.email, csrfToken: csrfToken(context, req, res) }));
      return undefined;
    }
    return { claims, email: user.email };
  }

  async function render(req: Request, res: Response, seal: string, claims: ConfirmationClaims, email: string, outcome?: 'confirmed' | 'declined') {
    const client = await context.store.findClient(claims.clientId);
    sendPage(res, 200, confirmationPage({
      csrfToken: csrfToken(context, req, res),
      email,
      seal,
      clientName: client?.name ?? 'Your assistant',
      verifiedHost: verifiedHostOf(claims.clientId),
      summary: claims.summary,
      expiresAt: claims.expiresAt,
      outcome,
    }));
  }

  return {
    /** GET /confirm: the change in plain words, with Confirm and Don't do it. */
    async show(req, res) {
      const seal = req.query['seal'];
      const admission = await admitted(req, res, seal);
      if (!admission) return;
      const status = await platform.confirmationStatus(admission.claims.id);
      await render(req, res, seal as string, admission.claims, admission.email, status.approved ? 'confirmed' : status.used ? 'declined' : undefined);
    },
    /** POST /confirm: the person's decision, from this site's own form only (CSRF). */
    async decide(req, res) {
      if (!csrfValid(context, req)) return void refuse(res, 403, ours('this form has expired or did not come from this site; reload the page'));
      const body = req.body as Record<string, unknown>;
      const admission = await admitted(req, res, body['seal']);
      if (!admission) return;
      const { claims, email } = admission;
      const decision = body['decision'];
      if (decision === 'approve') {
        await platform.approveConfirmation(claims.id, claims.expiresAt);
        return render(req, res, body['seal'] as string, claims, email, 'confirmed');
      }
      if (decision === 'decline') {
        await platform.spendConfirmation(claims.id, claims.expiresAt);
        return render(req, res, body['seal'] as string, claims, email, 'declined');
      }
      refuse(res, 400, explain`the form must send 'decision' approve or decline, not ${String(decision ?? '')}`);
    },
  };
}

function refuse(res: Response, status: number, reason: Explanation): undefined {
  sendPage(res, status, errorPage(reason, confirmationLink));
  return undefined;
}
