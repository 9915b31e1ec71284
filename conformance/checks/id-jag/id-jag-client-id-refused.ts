import type { Check } from '../../check.js';
import { refusedIdJag } from './id-jag.js';

export const idJagClientIdRefused: Check = {
  id: 'id-jag-client-id-refused',
  group: 'id-jag',
  title: 'An ID-JAG issued for another client is refused with invalid_grant',
  spec: 'the draft section 4.4: client_id MUST match the authenticated client',
  level: 'MUST',
  needsSignIn: false,
  run: (ctx) => refusedIdJag(ctx, () => ({ claims: { client_id: 'https://another-client.example/client.json' } }), 'an ID-JAG whose client_id is a client other than the one authenticated'),
};
