import type { Response } from 'express';
import { page, signInPage } from './auth-pages.js';
import type { Faults } from './faults.js';
import type { FakeSession, FakeState } from './state.js';

/**
 * GET /account/apps (contract section 5.5 rule 1): the clients the signed-in person approved and
 * has not revoked; without a session, the sign-in form. One fault answers the form to everyone,
 * another fails without a session, as a page that reads the single sign-on set-up no one configured.
 */
export function connectedApps(res: Response, session: FakeSession, state: FakeState, faults: Faults): void {
  if (!session.userId && faults.connectedAppsAnonymousServerError) return page(res, 500, '<h1>Internal Server Error</h1>');
  if (!session.userId || faults.connectedAppsAsksSignIn) return signInPage(res, {}, session, '', faults);
  const names = [...state.grants.values()]
    .filter((grant) => grant.userId === session.userId && !grant.revoked)
    .map((grant) => String(state.clients.get(grant.clientId)?.record['client_name'] ?? state.metadataDocuments.get(grant.clientId)?.['client_name'] ?? grant.clientId));
  page(res, 200, `<h1>Connected apps</h1><ul>${[...new Set(names)].map((name) => `<li>${name}</li>`).join('')}</ul>`);
}
