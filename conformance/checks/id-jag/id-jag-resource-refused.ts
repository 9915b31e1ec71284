import type { Check } from '../../check.js';
import { refusedIdJag } from './id-jag.js';

export const idJagResourceRefused: Check = {
  id: 'id-jag-resource-refused',
  group: 'id-jag',
  title: 'An ID-JAG for another resource is refused with invalid_grant',
  spec: 'the draft section 4.4: resource, when present, MUST identify this resource (RFC 8707)',
  level: 'MUST',
  needsSignIn: false,
  run: (ctx) => refusedIdJag(ctx, () => ({ claims: { resource: 'https://another-resource.example/mcp' } }), 'an ID-JAG whose resource is https://another-resource.example/mcp'),
};
