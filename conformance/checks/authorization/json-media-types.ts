import { fail, type Check } from '../../check.js';
import { cite, header, type Exchange } from '../../http.js';
import { JSON_MEDIA_TYPE } from '../../invariants/documents.js';


export const jsonMediaTypes: Check = {
  id: 'json-media-types',
  group: 'authorization',
  title: 'The metadata, registration, token and revocation answers are sent as application/json',
  spec: 'section 4 (payloads are JSON); RFC 9728 section 3.2 (MUST application/json); RFC 6749 section 5.1 and 5.2; RFC 7591 section 3.2.1',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const client = await ctx.client();
    const { redemption } = await ctx.session();
    const answers: (readonly [string, Exchange | undefined])[] = [
      ['the protected-resource metadata', (await ctx.document('protected-resource')).exchange],
      ['the registration answer', (await ctx.registration()).exchange],
      ['the token response', redemption],
      ['a token error', await client.tokenRequest({ grant_type: 'urn:example:conformance-unknown-grant' })],
      ['a revocation error', await client.revocationRequest({ token_type_hint: 'access_token' })],
    ];
    const read = answers.filter((answer): answer is readonly [string, Exchange] => answer[1] !== undefined && answer[1].response.body !== '');
    cite(...read.map(([, exchange]) => exchange));
    const wrong = read
      .filter(([, exchange]) => !JSON_MEDIA_TYPE.test(header(exchange, 'content-type') ?? ''))
      .map(([what, exchange]) => `${what} is sent as ${header(exchange, 'content-type') ?? 'no media type'}`);
    if (wrong.length > 0) fail(`${wrong.join('; ')}: expected application/json`);
    return `${read.map(([what]) => what).join(', ')}: each sent as application/json`;
  },
};
