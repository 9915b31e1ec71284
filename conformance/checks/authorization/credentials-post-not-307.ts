import { fail, type Check } from '../../check.js';
import { describeRedirect, formPostRedirects } from './authorization-walk.js';

// 307 and 308 tell the browser to send the same POST, body and all, to the new address.
const BODY_KEEPING = [307, 308];

export const credentialsPostNot307: Check = {
  id: 'credentials-post-not-307',
  group: 'authorization',
  title: 'A posted sign-in or consent form is never redirected with 307 (which resends the password to the client)',
  spec: 'RFC 9700 section 4.12 (307 redirect)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const redirects = await formPostRedirects(ctx);
    const resent = redirects.filter((exchange) => BODY_KEEPING.includes(exchange.response.status));
    if (resent.length > 0) {
      fail(`${resent.map(describeRedirect).join('; ')}: the browser posts the form again, credentials included, to the next address`);
    }
    return redirects.map(describeRedirect).join('; ');
  },
};
