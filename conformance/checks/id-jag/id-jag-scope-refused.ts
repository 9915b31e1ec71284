import type { Check } from '../../check.js';
import { idJagRun, expectInvalidGrant, mintIdJag, redeem } from './id-jag.js';

export const idJagScopeRefused: Check = {
  id: 'id-jag-scope-refused',
  group: 'id-jag',
  title: 'An ID-JAG granting a scope the deployment does not offer, or a scope that is not a string, is refused with invalid_grant',
  spec: 'the draft section 4.4: the scope is within what the resource offers (scopes_supported); RFC 6749 section 3.3: scope is a space-delimited string; RFC 7521 section 4.1.1: an invalid assertion gets invalid_grant',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const run = await idJagRun(ctx);
    const wider = expectInvalidGrant(await redeem(run, await mintIdJag(run, { claims: { scope: 'mcp_customer admin:everything' } })), 'an ID-JAG whose scope adds admin:everything');
    const array = expectInvalidGrant(await redeem(run, await mintIdJag(run, { claims: { scope: ['mcp_customer'] } })), 'an ID-JAG whose scope is the array ["mcp_customer"]');
    return `scope adding admin:everything: ${wider}; scope ["mcp_customer"]: ${array}`;
  },
};
