import { fail } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { jsonOf, type Exchange } from '../../http.js';
import { isObject } from '../../mcp.js';

/**
 * RFC 6749 section 5.2 (and RFC 7009 section 2.2.1, which reuses it): a client the server does
 * not accept gets HTTP 400 or 401 with the JSON error `invalid_client`, not a success or another code.
 */
export function expectInvalidClient(exchange: Exchange, what: string): void {
  const body = jsonOf(exchange);
  const status = exchange.response.status;
  if ((status !== 400 && status !== 401) || !isObject(body) || body['error'] !== 'invalid_client') {
    fail(`${what}: expected HTTP 400 or 401 with "error": "invalid_client", got ${describeResponse(exchange)}`);
  }
}
