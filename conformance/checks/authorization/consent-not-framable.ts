import { fail, type Check } from '../../check.js';
import { header } from '../../http.js';
import { consentPage } from './consent-page.js';

export const consentNotFramable: Check = {
  id: 'consent-not-framable',
  group: 'authorization',
  title: "The consent page forbids framing: frame-ancestors 'none' and X-Frame-Options: DENY",
  spec: 'field notes: authorization endpoint; RFC 9700 section 4.16 (clickjacking)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const page = await consentPage(ctx);
    const policy = header(page, 'content-security-policy') ?? '';
    const frameOptions = header(page, 'x-frame-options') ?? '';
    const missing: string[] = [];
    if (!/(^|;)\s*frame-ancestors\s+'none'\s*(;|$)/i.test(policy)) missing.push(`Content-Security-Policy frame-ancestors 'none' (got "${policy}")`);
    if (!/^\s*deny\s*$/i.test(frameOptions)) missing.push(`X-Frame-Options: DENY (got "${frameOptions}")`);
    if (missing.length > 0) fail(`the consent page lacks ${missing.join(' and ')}; another site could frame it and trick a click`);
    return "the consent page sends frame-ancestors 'none' and X-Frame-Options: DENY";
  },
};
