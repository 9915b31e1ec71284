import { type Check, fail, notVerified } from '../../check.js';
import { withPurpose } from '../../exchange-bus.js';
import type { Exchange } from '../../http.js';
import type { HtmlForm } from '../../html-forms.js';
import { refreshTargets } from '../../invariants/tokens.js';
import { ELSEWHERE, isCsrfField, SignInFailed, type AuthorizationOutcome, type SignIn } from '../../sign-in.js';

/** Another site, as an absolute URL, protocol-relative, and with the backslash browsers read as a slash. */
const FOREIGN_VALUES = [`https://${ELSEWHERE}/`, `//${ELSEWHERE}/`, `/\\${ELSEWHERE}/`];
const SECOND_VALUE = 'conformance-second-value';

/** The sign-in form's hidden fields a page can alter (all but its CSRF token), and those of them that hold an address. */
interface AlterableFields {
  readonly names: ReadonlySet<string>;
  readonly addresses: ReadonlySet<string>;
}

interface Tampering {
  readonly label: (fields: AlterableFields) => string;
  /** The pairs to post, from those the form would post with the credentials. */
  readonly tamper: (fields: AlterableFields, honest: readonly [string, string][]) => [string, string][];
  readonly appliesTo: (fields: AlterableFields) => boolean;
}

const list = (names: ReadonlySet<string>): string => [...names].join(', ');
const anyField = (fields: AlterableFields): boolean => fields.names.size > 0;

const TAMPERINGS: readonly Tampering[] = [
  { label: ({ names }) => `${list(names)} left out`, tamper: ({ names }, honest) => honest.filter(([name]) => !names.has(name)), appliesTo: anyField },
  {
    label: ({ names }) => `${list(names)} each repeated with a second value`,
    tamper: ({ names }, honest) => [...honest, ...[...names].map((name): [string, string] => [name, SECOND_VALUE])],
    appliesTo: anyField,
  },
  ...FOREIGN_VALUES.map((value): Tampering => ({
    label: ({ addresses }) => `${list(addresses)} set to ${value}`,
    tamper: ({ addresses }, honest) => honest.map(([name, held]) => [name, addresses.has(name) ? value : held]),
    appliesTo: ({ addresses }) => addresses.size > 0,
  })),
];

export const signInFieldsTampered: Check = {
  id: 'sign-in-fields-tampered',
  group: 'authorization',
  title: "The sign-in form posted with the person's credentials but its hidden fields left out, repeated or pointed at another site is answered without a server error and, through consent, sends the browser to no other site",
  spec: 'RFC 9700 sections 2.1 and 4.11 (no open redirector); MCP 2026-07-28 basic/authorization/security-considerations "Open Redirection"; field notes: no input a client can send gets a 5xx',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { signInTampered } = ctx.signIn();
    if (!signInTampered) notVerified('with --browser the person signs in; run headless (--user/--password) to alter the sign-in form');
    const { url } = await (await ctx.client()).beginAuthorization();
    // The form is met only on the way (behind a single sign-on button, perhaps): the first walk learns its fields.
    let fields: AlterableFields | undefined;
    const seen: string[] = [];
    for (const tampering of TAMPERINGS) {
      if (fields && !tampering.appliesTo(fields)) continue;
      const walked = await withPurpose('negative', () => walkTampered(signInTampered, url, tampering));
      fields = walked.fields;
      if (fields.names.size === 0) return 'the sign-in form has no hidden field besides its CSRF token: nothing to leave out, repeat or point elsewhere';
      const label = tampering.label(fields);
      for (const exchange of walked.outcome.exchanges) judge(exchange, label);
      if (walked.outcome.kind === 'page' && walked.outcome.exchange.response.status === 429) {
        notVerified(`the sign-in with ${label} was refused by a sign-in budget (429) for longer than the runner waits, before it was judged`);
      }
      seen.push(`${label}: ${ending(walked.outcome)}`);
    }
    const places = fields?.addresses.size ? '' : '; no hidden field holds a URL or path, so none was pointed at another site';
    return `${seen.length} sign-ins with the real credentials, each followed as far as it went, approving any consent: ${seen.join('; ')}${places}`;
  },
};

/** Walks the authorization with `tampering` applied to the sign-in form it meets: where it ended, and that form's alterable fields. */
async function walkTampered(signInTampered: NonNullable<SignIn['signInTampered']>, url: URL, tampering: Tampering): Promise<{ outcome: AuthorizationOutcome; fields: AlterableFields }> {
  let met: AlterableFields | undefined;
  const outcome = await signInTampered(url, (form, honest) => {
    met = alterableFields(form);
    return tampering.tamper(met, honest);
  });
  if (!met) throw new SignInFailed('the walk met no sign-in form to alter', outcome.exchanges);
  return { outcome, fields: met };
}

function alterableFields(form: HtmlForm): AlterableFields {
  const hidden = form.controls.filter((control) => control.type === 'hidden' && control.name !== '' && !control.disabled && !isCsrfField(control));
  // A path or an absolute http(s) URL: where the deployment may send the browser next.
  const addresses = hidden.filter((control) => control.value.startsWith('/') || /^https?:\/\//i.test(control.value));
  return { names: new Set(hidden.map((control) => control.name)), addresses: new Set(addresses.map((control) => control.name)) };
}

function ending(outcome: AuthorizationOutcome): string {
  if (outcome.kind === 'page') return `ended at ${outcome.exchange.request.method} ${new URL(outcome.exchange.request.url).pathname}: HTTP ${outcome.exchange.response.status}`;
  return outcome.kind === 'callback' ? 'back at the redirect URI' : 'asked for a sign-in again';
}

function judge(exchange: Exchange, label: string): void {
  const { status, headers, body } = exchange.response;
  const where = `the sign-in posted with ${label}: ${exchange.request.method} ${exchange.request.url}`;
  if (status >= 500) fail(`${where} answered HTTP ${status}: a form a browser can post must get an answer, a refusal at worst, not a server error`);
  const location = headers['location'];
  if (location !== undefined && offSite(location, exchange.request.url)) fail(`${where} answered HTTP ${status} with Location ${location}: the sign-in sends the browser to another site (an open redirector)`);
  const refresh = /url\s*=\s*['"]?([^'"\s]+)/i.exec(headers['refresh'] ?? '')?.[1];
  const targets = [...(refresh ? [refresh] : []), ...refreshTargets(body)];
  const away = targets.find((target) => offSite(target, exchange.request.url));
  if (away) fail(`${where} answered HTTP ${status}, a page that sends the browser on to ${away} by itself (an open redirector)`);
}

/** Whether `target`, read as a browser reads it on the page at `base`, is on the site the tampered fields named. */
function offSite(target: string, base: string): boolean {
  return URL.canParse(target, base) && new URL(target, base).hostname === ELSEWHERE;
}
