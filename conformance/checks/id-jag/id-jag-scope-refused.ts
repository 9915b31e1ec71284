import type { Check } from '../../check.js';
import { refusedIdJag } from './id-jag.js';

export const idJagScopeRefused: Check = {
  id: 'id-jag-scope-refused',
  group: 'id-jag',
  title: 'An ID-JAG granting a scope the deployment does not offer is refused with invalid_grant',
  spec: 'the draft section 4.4: the scope is within what the resource offers (scopes_supported)',
  level: 'MUST',
  needsSignIn: false,
  run: (ctx) => refusedIdJag(ctx, () => ({ claims: { scope: 'mcp_customer admin:everything' } }), 'an ID-JAG whose scope adds admin:everything'),
};
