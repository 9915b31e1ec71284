import { fail, type Check } from '../../check.js';
import { header, type Exchange } from '../../http.js';

// A page of another origin trying to read the authorization endpoint with fetch().
const FOREIGN_ORIGIN = 'https://conformance.invalid';

export const authorizationEndpointNoCors: Check = {
  id: 'authorization-endpoint-no-cors',
  group: 'authorization',
  title: 'The authorization endpoint allows no other origin to read it (no CORS)',
  spec: 'RFC 9700 section 2.6 (CORS MUST NOT be supported at the authorization endpoint)',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const { url } = await (await ctx.client()).beginAuthorization();
    // Clients redirect the browser there; a script that could read the answer could read its pages.
    const read = await ctx.http.send({ url, headers: { origin: FOREIGN_ORIGIN, accept: 'text/html' } });
    const preflight = await ctx.http.send({
      method: 'OPTIONS',
      url,
      headers: { origin: FOREIGN_ORIGIN, 'access-control-request-method': 'GET' },
    });
    const open = [read, preflight].filter(allowsForeignOrigin).map((exchange) => `${exchange.request.method} answered Access-Control-Allow-Origin: ${header(exchange, 'access-control-allow-origin')}`);
    if (open.length > 0) fail(`the authorization endpoint lets ${FOREIGN_ORIGIN} read it: ${open.join('; ')}`);
    return `GET and OPTIONS from ${FOREIGN_ORIGIN} carry no Access-Control-Allow-Origin`;
  },
};

function allowsForeignOrigin(exchange: Exchange): boolean {
  const allowed = header(exchange, 'access-control-allow-origin');
  return allowed === '*' || allowed === FOREIGN_ORIGIN;
}
