import { type Check, fail, notVerified } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { CookieJar } from '../../cookie-jar.js';
import { withPurpose } from '../../exchange-bus.js';
import { retryAfterSeconds, type Exchange } from '../../http.js';
import { submission, type FormControl, type HtmlForm } from '../../html-forms.js';
import { refreshTargets } from '../../invariants/tokens.js';
import { waitWithProgress } from '../../progress.js';
import { credentialFills, getPage, isCsrfField, sendForm, signInFormFor } from '../../sign-in.js';

/** The site no tampered sign-in may send the browser to. */
const ELSEWHERE = 'conformance.invalid';
/** Another site, as an absolute URL, protocol-relative, and with the backslash browsers read as a slash. */
const FOREIGN_VALUES = [`https://${ELSEWHERE}/`, `//${ELSEWHERE}/`, `/\\${ELSEWHERE}/`];
const SECOND_VALUE = 'conformance-second-value';
/** Redirects on the deployment's own origin followed after each post: where the sign-in sends the browser. */
const HOPS = 3;
/** The longest Retry-After a post refused by the sign-in budget is retried after; longer, the check cannot judge. */
const LONGEST_WAIT_SECONDS = 20;

interface Tampering {
  readonly label: string;
  /** The pairs to post, from those the form would post with the credentials. */
  readonly tamper: (honest: readonly [string, string][]) => [string, string][];
}

export const signInFieldsTampered: Check = {
  id: 'sign-in-fields-tampered',
  group: 'authorization',
  title: "The sign-in form posted with the person's credentials but its hidden fields left out, repeated or pointed at another site is answered without a server error and sends the browser to no other site",
  spec: 'RFC 9700 sections 2.1 and 4.11 (no open redirector); field notes: no input a client can send gets a 5xx',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const signIn = ctx.settings.signIn;
    if (signIn?.kind !== 'password' || signIn.sso) notVerified("needs --user and --password of an account that signs in at the deployment's password form");
    const credentials = { user: signIn.user, password: signIn.password };
    const { url } = await (await ctx.client()).beginAuthorization();
    // A browser without a session for each post: once signed in, a form's CSRF token may be stale.
    const freshForm = async (): Promise<{ jar: CookieJar; form: HtmlForm }> => {
      const jar = new CookieJar();
      return { jar, form: await signInFormFor(ctx.http, jar, url) };
    };
    let page = await freshForm();
    const tampered = page.form.controls.filter((control) => control.type === 'hidden' && control.name !== '' && !control.disabled && !isCsrfField(control));
    if (tampered.length === 0) return 'the sign-in form has no hidden field besides its CSRF token: nothing to leave out, repeat or point elsewhere';
    // Every field in one post per tampering: a handful of the sign-in budgets, whatever the form holds.
    const tamperings = tamperingsOf(tampered);
    const seen: string[] = [];
    for (const [index, tampering] of tamperings.entries()) {
      if (index > 0) page = await freshForm();
      const fields = tampering.tamper(submission(page.form, credentialFills(page.form, credentials)));
      seen.push(`${tampering.label}: ${await postTampered(ctx, page.jar, page.form, tampering.label, fields)}`);
    }
    const places = tampered.some(holdsAddress) ? '' : '; no hidden field holds a URL or path, so none was pointed at another site';
    return `${tamperings.length} sign-ins with the real credentials: ${seen.join('; ')}${places}`;
  },
};

function tamperingsOf(tampered: readonly FormControl[]): Tampering[] {
  const names = new Set(tampered.map((control) => control.name));
  const addresses = new Set(tampered.filter(holdsAddress).map((control) => control.name));
  const list = (set: ReadonlySet<string>): string => [...set].join(', ');
  const tamperings: Tampering[] = [
    { label: `${list(names)} left out`, tamper: (honest) => honest.filter(([name]) => !names.has(name)) },
    { label: `${list(names)} each repeated with a second value`, tamper: (honest) => [...honest, ...[...names].map((name): [string, string] => [name, SECOND_VALUE])] },
  ];
  for (const value of addresses.size === 0 ? [] : FOREIGN_VALUES) {
    tamperings.push({ label: `${list(addresses)} set to ${value}`, tamper: (honest) => honest.map(([name, held]) => [name, addresses.has(name) ? value : held]) });
  }
  return tamperings;
}

/** A field whose value is a path or an absolute http(s) URL: where the deployment may send the browser next. */
function holdsAddress(control: FormControl): boolean {
  return control.value.startsWith('/') || /^https?:\/\//i.test(control.value);
}

/** Posts one tampering (waiting out a budget's 429) and follows its redirects on the same origin, judging each answer. */
async function postTampered(ctx: CheckContext, jar: CookieJar, form: HtmlForm, label: string, fields: readonly [string, string][]): Promise<string> {
  const post = (): Promise<Exchange> => withPurpose('negative', () => sendForm(ctx.http, jar, form, fields));
  let answer = await post();
  for (let wait = 0; answer.response.status === 429 && wait < 2; wait += 1) {
    const seconds = retryAfterSeconds(answer) ?? 1;
    if (seconds > LONGEST_WAIT_SECONDS) notVerified(`the sign-in with ${label} was refused by a sign-in budget (429, Retry-After ${seconds} s) before it was judged`);
    await waitWithProgress(ctx.progress, 'sign-in refused for now: waiting as Retry-After asks', seconds * 1000 + 250);
    answer = await post();
  }
  if (answer.response.status === 429) notVerified(`the sign-in with ${label} was refused by a sign-in budget (429) three times`);
  const origin = new URL(form.action).origin;
  const statuses: number[] = [];
  for (let hop = 0; ; hop += 1) {
    judge(answer, label);
    statuses.push(answer.response.status);
    const location = answer.response.headers['location'];
    const next = location !== undefined && URL.canParse(location, answer.request.url) ? new URL(location, answer.request.url) : undefined;
    if (hop === HOPS || !next || answer.response.status < 300 || answer.response.status >= 400 || next.origin !== origin) break;
    answer = await withPurpose('negative', () => getPage(ctx.http, jar, next));
  }
  return statuses.map((status) => `HTTP ${status}`).join(' → ');
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
