import { fail, skip, type Check } from '../../check.js';
import { refusalEras, openingRequest } from '../../each-era.js';
import { LEGACY_REVISION } from '../../eras.js';
import { header, type Exchange } from '../../http.js';

/** RFC 6750 section 3: these attributes MUST NOT appear more than once in a challenge. */
const SINGLE = ['realm', 'scope', 'error', 'error_description', 'error_uri'];
/** RFC 6750 section 3: the characters each attribute's value may hold. */
const VALUE_CHARACTERS: Readonly<Record<string, RegExp>> = {
  scope: /^[\x21\x23-\x5B\x5D-\x7E]+( [\x21\x23-\x5B\x5D-\x7E]+)*$/,
  error: /^[\x20-\x21\x23-\x5B\x5D-\x7E]*$/,
  error_description: /^[\x20-\x21\x23-\x5B\x5D-\x7E]*$/,
  error_uri: /^[\x21\x23-\x5B\x5D-\x7E]*$/,
};
const AUTH_PARAM = /^\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([!#$%&'*+.^_`|~0-9A-Za-z/-]+=*))\s*(?:,|$)/;
const NEXT_SCHEME = /^\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+(\s|$)/;

/**
 * The auth-params of the Bearer challenge, in order and with repeats, or what is wrong. Stops at a
 * second challenge (another scheme) in the same header.
 */
export function bearerAuthParams(value: string): Array<[string, string]> | string {
  const scheme = /^\s*Bearer(?=\s|$)/i.exec(value);
  if (!scheme) return `the challenge's scheme is not Bearer`;
  const params: Array<[string, string]> = [];
  let rest = value.slice(scheme[0].length);
  while (rest.trim() !== '') {
    const param = AUTH_PARAM.exec(rest);
    if (!param) {
      if (params.length > 0 && NEXT_SCHEME.test(rest)) break;
      return `"${rest.trim()}" is not an auth-param (name="value")`;
    }
    params.push([param[1]!.toLowerCase(), (param[2] ?? param[3] ?? '').replace(/\\(.)/g, '$1')]);
    rest = rest.slice(param[0].length);
  }
  return params.length > 0 ? params : 'the Bearer scheme is followed by no auth-param';
}

/** What breaks RFC 6750 section 3 in one challenge, or undefined. */
export function challengeProblem(value: string): string | undefined {
  const params = bearerAuthParams(value);
  if (typeof params === 'string') return params;
  for (const name of SINGLE) {
    const values = params.filter(([candidate]) => candidate === name).map(([, given]) => given);
    if (values.length > 1) return `"${name}" appears ${values.length} times`;
    const pattern = VALUE_CHARACTERS[name];
    if (values[0] !== undefined && pattern && !pattern.test(values[0])) return `${name}="${values[0]}" holds characters RFC 6750 section 3 does not allow`;
  }
  const uri = params.find(([name]) => name === 'error_uri')?.[1];
  if (uri !== undefined && !URL.canParse(uri)) return `error_uri="${uri}" is not an absolute URI`;
  return undefined;
}

export const bearerChallengeSyntax: Check = {
  id: 'bearer-challenge-syntax',
  group: 'mcp',
  title: 'Every Bearer challenge has auth-params, none of realm, scope or error repeated, each in its allowed characters',
  spec: 'RFC 6750 section 3 (the Bearer scheme MUST be followed by one or more auth-params; realm, scope, error, error_description and error_uri MUST NOT appear more than once)',
  level: 'MUST',
  era: 'any',
  needsSignIn: false,
  async run(ctx) {
    const tokens: Array<[string, string | undefined]> = [
      ['without a token', undefined],
      ['with a token never issued', 'conformance-invalid-token'],
      ...(ctx.settings.foreignToken ? [['with a token of another service', ctx.settings.foreignToken] as [string, string]] : []),
    ];
    const refusals: Array<[string, Exchange]> = [];
    for (const era of await refusalEras(ctx)) {
      const method = era === LEGACY_REVISION ? 'initialize' : 'server/discover';
      for (const [label, token] of tokens) refusals.push([`${era}: ${method} ${label}`, await openingRequest(ctx, era, token)]);
    }
    const seen: string[] = [];
    for (const [what, exchange] of refusals) {
      const value = header(exchange, 'www-authenticate');
      // Whether a refusal carries a challenge at all is missing-token-401's and invalid-token-401's.
      if (value === undefined) continue;
      const problem = challengeProblem(value);
      if (problem) fail(`${what}: WWW-Authenticate: ${value}: ${problem}`);
      seen.push(value);
    }
    if (seen.length === 0) skip('no refusal carried a WWW-Authenticate challenge to read (missing-token-401 says why)');
    return `${seen.length} challenge(s) well formed: ${seen[0]}`;
  },
};
