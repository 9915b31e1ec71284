import { fail, skip, type Check } from '../../check.js';
import { cite } from '../../http.js';

export const sessionCookieFlags: Check = {
  id: 'session-cookie-flags',
  group: 'authorization',
  title: 'Sign-in cookies are HttpOnly and SameSite=Lax (or Strict), and Secure under https',
  spec: 'field notes: authorization endpoint (sign-in sessions)',
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const { walk } = await ctx.session();
    const setting = walk.filter((exchange) => exchange.response.setCookie.length > 0);
    if (setting.length === 0) skip('the runner saw no cookie being set (a browser sign-in, or a deployment without cookies)');
    cite(...setting);
    const problems: string[] = [];
    for (const exchange of setting) {
      const https = exchange.request.url.startsWith('https:');
      for (const cookie of exchange.response.setCookie) {
        const [pair = '', ...rest] = cookie.split(';').map((part) => part.trim());
        const name = pair.split('=')[0];
        const attributes = rest.map((attribute) => attribute.toLowerCase().replace(/\s*=\s*/, '='));
        const lacks = [
          attributes.includes('httponly') ? undefined : 'HttpOnly',
          attributes.some((attribute) => /^samesite=(lax|strict)$/.test(attribute)) ? undefined : 'SameSite=Lax',
          !https || attributes.includes('secure') ? undefined : 'Secure',
        ].filter((flag) => flag !== undefined);
        if (lacks.length > 0) problems.push(`cookie "${name}" lacks ${lacks.join(', ')}`);
      }
    }
    if (problems.length > 0) fail(problems.join('; '));
    return 'every cookie set while signing in is HttpOnly and SameSite';
  },
};
