import { fail, type Check } from '../../check.js';
import { describeRedirect, formPostRedirects } from './authorization-walk.js';

export const credentialsPostRedirect303: Check = {
  id: 'credentials-post-redirect-303',
  group: 'authorization',
  title: 'A posted sign-in or consent form is redirected with 303 See Other, the one status that always drops the body',
  spec: 'RFC 9700 section 4.12 (307 redirect)',
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const redirects = await formPostRedirects(ctx);
    const other = redirects.filter((exchange) => exchange.response.status !== 303);
    if (other.length > 0) {
      fail(`${other.map(describeRedirect).join('; ')}, not 303: a browser may post the form again to the next address`);
    }
    return redirects.map(describeRedirect).join('; ');
  },
};
