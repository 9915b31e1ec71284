import type { Check } from '../../check.js';
import { refusedIdJag } from './id-jag.js';

export const idJagTypRefused: Check = {
  id: 'id-jag-typ-refused',
  group: 'id-jag',
  title: 'An ID-JAG whose header typ is not oauth-id-jag+jwt is refused with invalid_grant',
  spec: 'the draft section 3: typ oauth-id-jag+jwt; section 4.4: the typ MUST be checked',
  level: 'MUST',
  needsSignIn: false,
  run: (ctx) => refusedIdJag(ctx, () => ({ typ: 'JWT' }), 'an ID-JAG with header typ JWT'),
};
