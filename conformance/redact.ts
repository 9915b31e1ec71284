/**
 * Reports end up as CI artifacts and in bug reports: authorization codes, tokens, client secrets,
 * assertions, passwords, session cookies, CSRF tokens and confirmation seals (also in a confirmation page's `?seal=` link) must not (a seal
 * applies a change the person confirmed; a CSRF token forges their form). Every report format renders the evidence
 * and messages redacted here, so one place decides what is secret.
 */

const SECRET_NAMES = [
  'code',
  'code_verifier',
  'access_token',
  'refresh_token',
  'id_token',
  'token',
  'client_secret',
  'client_assertion',
  'assertion',
  'password',
  'csrf_token',
  'confirmation_token',
  'requestState',
  'seal',
].join('|');

/** `name=value` in a query string or a form body, wherever it appears (a Location, a link in a page). */
const SECRET_PARAMETER = new RegExp(`((?:^|[?&#;]|&amp;)(?:${SECRET_NAMES})=)[^&#\\s"'<>]*`, 'g');
/** A JSON member, also inside JSON strings (a tool result's text holds JSON): its quotes escaped at any depth. */
const SECRET_JSON = new RegExp(`(\\\\*"(?:${SECRET_NAMES})\\\\*"\\s*:\\s*\\\\*")[^"\\\\]*`, 'g');
/** A hidden form field in a page, `name` before or after `value`. */
const SECRET_INPUT = new RegExp(`(<input[^>]*?\\bname=["'](?:${SECRET_NAMES})["'][^>]*?\\bvalue=["'])[^"']*`, 'gi');
const SECRET_INPUT_VALUE_FIRST = new RegExp(`(<input[^>]*?\\bvalue=["'])[^"']*(["'][^>]*?\\bname=["'](?:${SECRET_NAMES})["'])`, 'gi');

const REDACTED = '[redacted]';

/** A body, a URL or a message with its secrets replaced. */
export function redactText(text: string): string {
  return text
    .replace(SECRET_JSON, `$1${REDACTED}`)
    .replace(SECRET_INPUT, `$1${REDACTED}`)
    .replace(SECRET_INPUT_VALUE_FIRST, `$1${REDACTED}$2`)
    .replace(SECRET_PARAMETER, `$1${REDACTED}`);
}

export function redactHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const redacted: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'authorization') redacted[name] = redactAuthorization(value);
    else if (name === 'cookie' || name === 'set-cookie') redacted[name] = REDACTED;
    else redacted[name] = redactText(value);
  }
  return redacted;
}

/**
 * A bearer token keeps a recognisable prefix, so evidence still tells a garbage token from a real
 * one; any other scheme (Basic carries the client secret) is redacted whole.
 */
function redactAuthorization(value: string): string {
  const match = value.match(/^Bearer (.+)$/i);
  if (!match?.[1]) return REDACTED;
  if (match[1].length <= 12) return value;
  return `Bearer ${match[1].slice(0, 6)}… (${match[1].length} characters)`;
}
