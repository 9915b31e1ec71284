import type { Check } from '../../check.js';
import { refusedIdJag } from './id-jag.js';

/**
 * A jti or sub that is present but no identifier: null, or the empty string. A presence test
 * passes both, so a deployment has to refuse them itself; spending a null jti or binding the
 * person to a null sub is where a server fails (a NOT NULL column answers 500).
 */
export const idJagClaimsMalformedRefused: Check = {
  id: 'id-jag-claims-malformed-refused',
  group: 'id-jag',
  title: 'An ID-JAG whose jti or sub is null or empty is refused with invalid_grant, never a 5xx or a token',
  spec: 'RFC 7519 sections 4.1.2 and 4.1.7 (sub and jti are strings), RFC 7523 section 3 (2) and (7); RFC 7521 section 4.1.1: an invalid assertion gets invalid_grant',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const answers: string[] = [];
    for (const [claim, value] of [['jti', null], ['jti', ''], ['sub', null], ['sub', '']] as const) {
      const shown = value === null ? 'null' : '""';
      answers.push(`${claim} ${shown}: ${await refusedIdJag(ctx, () => ({ claims: { [claim]: value } }), `an ID-JAG whose ${claim} is ${shown}`)}`);
    }
    return answers.join('; ');
  },
};
