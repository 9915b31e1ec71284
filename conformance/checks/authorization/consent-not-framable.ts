import { fail, type Check } from '../../check.js';
import { consentPage } from './consent-page.js';
import { framingMissing } from '../../invariants/pages.js';

export const consentNotFramable: Check = {
  id: 'consent-not-framable',
  group: 'authorization',
  title: "The consent page forbids framing: frame-ancestors 'none' and X-Frame-Options: DENY",
  spec: 'field notes: authorization endpoint; RFC 9700 section 4.16 (clickjacking)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const missing = framingMissing(await consentPage(ctx));
    if (missing.length > 0) fail(`the consent page lacks ${missing.join(' and ')}; another site could frame it and trick a click`);
    return "the consent page sends frame-ancestors 'none' and X-Frame-Options: DENY";
  },
};
