import type { Request, RequestHandler, Response } from 'express';
import { csrfToken, csrfValid, rememberRevoked, signedInUser, takeRevoked } from '../browser-session.js';
import type { OAuthContext } from '../context.js';
import { connectedAppsPage } from '../pages/connected-apps.js';
import { ours } from '../explanation.js';
import { errorPage } from '../pages/error.js';
import { signInPage } from '../pages/sign-in.js';
import { sendPage } from '../send-page.js';
import { recordAudit } from '../../platform/audit.js';

const appsPath = '/account/apps';

async function signedInEmail(context: OAuthContext, req: Request): Promise<{ id: string; email: string } | undefined> {
  const userId = await signedInUser(context, req);
  return userId ? context.store.findUserById(userId) : undefined;
}

function askToSignIn(context: OAuthContext, req: Request, res: Response): void {
  sendPage(res, 200, signInPage({ csrfToken: csrfToken(context, req, res), returnTo: appsPath, ssoName: context.sso?.name }));
}

/** GET /account/apps: the clients this person approved and has not revoked. */
export function connectedAppsHandler(context: OAuthContext): RequestHandler {
  return async function connectedApps(req, res) {
    const user = await signedInEmail(context, req);
    if (!user) return askToSignIn(context, req, res);
    const outcome = takeRevoked(context, req, res);
    const client = outcome && (await context.store.findClient(outcome.clientId));
    sendPage(
      res,
      200,
      connectedAppsPage({
        csrfToken: csrfToken(context, req, res),
        email: user.email,
        apps: await context.store.listConnectedApps(user.id),
        notice:
          client &&
          (outcome.revoked
            ? `${client.name} no longer has access. It was signed out at once.`
            : `${client.name} was not connected to your account: nothing was revoked.`),
      }),
    );
  };
}

/** POST /account/apps/revoke: every grant and token of this person for one client, at once. */
export function revokeAppHandler(context: OAuthContext): RequestHandler {
  return async function revokeApp(req, res) {
    if (!csrfValid(context, req)) {
      sendPage(res, 403, errorPage(ours('this form has expired or did not come from this site; reload the page')));
      return;
    }
    const user = await signedInEmail(context, req);
    if (!user) return askToSignIn(context, req, res);
    const clientId = (req.body as Record<string, unknown>).client_id;
    if (typeof clientId !== 'string' || clientId === '') {
      sendPage(res, 400, errorPage(ours("the form must send the 'client_id' of the app to revoke")));
      return;
    }
    const grants = await context.store.revokeClientForUser(user.id, clientId, context.clock.now());
    if (grants > 0) await recordAudit(context, { action: 'grant.revoke', actorUserId: user.id, clientId, detail: { by: 'connected apps page', grants } });
    rememberRevoked(context, res, { clientId, revoked: grants > 0 });
    res.redirect(303, appsPath);
  };
}
