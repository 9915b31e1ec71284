import { CookieJar } from './cookie-jar.js';
import { SetupFailed } from './errors.js';
import { sendContext, withPurpose } from './exchange-bus.js';
import { retryAfterSeconds, type Exchange, type Http, type HttpRequest } from './http.js';
import { isButton, parseForms, submission, type FormControl, type HtmlForm } from './html-forms.js';
import { LoopbackListener } from './loopback-listener.js';
import { openInSystemBrowser } from './open-browser.js';
import { silentProgress, waitWithProgress, type Progress } from './progress.js';

/** Where an authorization request ended. */
export type AuthorizationOutcome =
  /** The deployment sent the browser to the redirect URI (with a code or an error). */
  | { readonly kind: 'callback'; readonly url: URL; readonly exchanges: readonly Exchange[] }
  /** It stopped at a page that is neither sign-in nor consent, such as an error page, or (a tampered sign-in) at a redirect to ELSEWHERE. */
  | { readonly kind: 'page'; readonly exchange: Exchange; readonly exchanges: readonly Exchange[] }
  /** A probe reached the sign-in form and had no credentials to go further. */
  | { readonly kind: 'sign-in-required'; readonly exchanges: readonly Exchange[] };

export interface SignIn {
  /** The redirect URI the runner registers; a loopback address, as for a native app. */
  readonly redirectUri: string;
  /** Takes an authorization request to its redirect, signing in and approving as the person. */
  authorize(url: URL): Promise<AuthorizationOutcome>;
  /** Follows a request that should be refused, without asking the person for anything. */
  probe(url: URL): Promise<AuthorizationOutcome>;
  /**
   * Signs in and answers the consent form otherwise than approving it: refusing, or approving
   * with a forged CSRF token or none. Only headless sign-in can; a person in a browser decides alone.
   */
  readonly decide?: (url: URL, decision: ConsentDecision) => Promise<AuthorizationOutcome>;
  /**
   * Signs in from a browser with no session, the sign-in form's CSRF token forged (login CSRF),
   * and stops at the consent page if it gets that far. Only headless sign-in can.
   */
  readonly forgeSignIn?: (url: URL) => Promise<AuthorizationOutcome>;
  /**
   * Signs in from a browser with no session, posting the sign-in form as `tamper` rewrites it, and
   * approves the consent if it gets that far. A refused sign-in, or a redirect to ELSEWHERE, ends
   * the walk as a page. Only headless sign-in can.
   */
  readonly signInTampered?: (url: URL, tamper: SignInTampering) => Promise<AuthorizationOutcome>;
  /**
   * Opens a page the deployment sends its person to confirm a change on (docs/tools.md), signs in
   * if asked, and presses its approve button. Only headless sign-in can; a person in a browser decides alone.
   */
  readonly confirmOnPage?: (url: URL) => Promise<AuthorizationOutcome>;
  /** As confirmOnPage, but presses the page's button that refuses the change. Only headless sign-in can. */
  readonly declineOnPage?: (url: URL) => Promise<AuthorizationOutcome>;
  /**
   * Presses the approve button of a page the person saw earlier (a tab left open), with this
   * browser's cookies: the answer to that one POST. Only headless sign-in can.
   */
  readonly approveOn?: (page: Exchange) => Promise<Exchange>;
  /** GETs a page of the deployment as the signed-in person (their session cookie), following redirects. Only headless sign-in can. */
  readonly visit?: (url: URL) => Promise<readonly Exchange[]>;
  close(): Promise<void>;
}

/** How the runner answers the forms: as the person would, or as an attacker would. */
/** `forge-csrf` posts the approval with made-up CSRF tokens, `omit-csrf` with the token fields left out. */
export type ConsentDecision = 'approve' | 'refuse' | 'forge-csrf' | 'omit-csrf' | 'forge-sign-in-csrf' | { readonly tamperSignIn: SignInTampering };

/** What a page an attacker altered posts: the pairs the sign-in `form` would post with the credentials (`honest`), rewritten. */
export type SignInTampering = (form: HtmlForm, honest: readonly [string, string][]) => [string, string][];

/** The site a tampered sign-in form's fields may name: no deployment trusts it, and it cannot be reached. */
export const ELSEWHERE = 'conformance.invalid';

/** Thrown when the pages cannot be driven to the redirect URI; carries what was seen. */
export class SignInFailed extends Error {
  override readonly name = 'SignInFailed';

  constructor(
    message: string,
    readonly exchanges: readonly Exchange[],
  ) {
    super(message);
  }
}

/** Nothing listens here: the headless driver stops at the redirect instead of following it. */
export const DEFAULT_REDIRECT_URI = 'http://127.0.0.1:33418/callback';
const MAX_STEPS = 20;
const BROWSER_TIMEOUT_MS = 5 * 60_000;

export interface Credentials {
  readonly user: string;
  readonly password: string;
  /** Click the single sign-on button first; the credentials are then the provider's. */
  readonly sso?: boolean;
}

export function headlessSignIn(http: Http, credentials: Credentials, progress: Progress = silentProgress): SignIn {
  const jar = new CookieJar();
  const walk = (walkJar: CookieJar, url: URL, decision?: ConsentDecision) => walkAuthorization(http, walkJar, url, credentials, decision, progress);
  return {
    redirectUri: DEFAULT_REDIRECT_URI,
    authorize: (url) => walk(jar, url),
    probe: (url) => walk(jar, url),
    decide: (url, decision) => walk(jar, url, decision),
    forgeSignIn: (url) => walk(new CookieJar(), url, 'forge-sign-in-csrf'),
    signInTampered: (url, tamper) => walk(new CookieJar(), url, { tamperSignIn: tamper }),
    confirmOnPage: (url) => walk(jar, url),
    declineOnPage: (url) => walk(jar, url, 'refuse'),
    approveOn: (page) => pressApprove(http, jar, page),
    visit: (url) => visitWithSession(http, jar, url),
    close: async () => {},
  };
}

const VISIT_REDIRECTS = 5;

/** GETs a page as a visitor without a session (no cookies at all), following redirects as a browser would. */
export function visitWithoutSession(http: Http, url: URL): Promise<readonly Exchange[]> {
  return visitWithSession(http, new CookieJar(), url);
}

/** A page a visitor can sign in on: a form with a password field, or a single sign-on button. */
export function offersSignIn(exchange: Exchange): boolean {
  const forms = parseForms(exchange.response.body, exchange.request.url);
  return forms.some((form) => form.controls.some((control) => control.type === 'password') || ssoButton(form) !== undefined);
}

/** A GET with the jar's cookies, following redirects on the way as a browser would: every exchange, the page last. */
async function visitWithSession(http: Http, jar: CookieJar, start: URL): Promise<Exchange[]> {
  const exchanges: Exchange[] = [];
  let url = start;
  for (let hop = 0; hop <= VISIT_REDIRECTS; hop += 1) {
    const cookie = jar.headerFor(url.toString());
    const exchange = await http.send({ url: url.toString(), headers: { accept: 'text/html', ...(cookie && { cookie }) } });
    jar.store(url.toString(), exchange.response.setCookie);
    exchanges.push(exchange);
    const location = exchange.response.headers['location'];
    if (exchange.response.status < 300 || exchange.response.status >= 400 || !location) break;
    url = new URL(location, url);
  }
  return exchanges;
}

/**
 * For deployments with single sign-on: the person signs in in their own browser and the code
 * arrives on a loopback listener. Probes still go headless, with no session, so they never
 * bother the person.
 */
export async function browserSignIn(
  http: Http,
  progress: Progress,
  openBrowser: (url: URL) => void = openInSystemBrowser,
): Promise<SignIn> {
  const listener = await LoopbackListener.start();
  return {
    redirectUri: listener.redirectUri,
    async authorize(url) {
      const callback = listener.nextCallback(BROWSER_TIMEOUT_MS);
      progress.note(`Sign in and approve in your browser. If it did not open, visit:\n  ${url.toString()}`);
      openBrowser(url);
      return { kind: 'callback', url: await callback, exchanges: [] };
    },
    probe: (url) => walkAuthorization(http, new CookieJar(), url, undefined),
    close: () => listener.close(),
  };
}

/**
 * Drives the deployment's pages as a browser would: keeps cookies, follows redirects by hand
 * until one points at the request's redirect_uri, fills in any form with a password field, and
 * submits the consent form with its approve button (or as `decision` says).
 */
export async function walkAuthorization(
  http: Http,
  jar: CookieJar,
  authorizationUrl: URL,
  credentials: Credentials | undefined,
  decision: ConsentDecision = 'approve',
  progress: Progress = silentProgress,
): Promise<AuthorizationOutcome> {
  // Earlier checks' sign-ins may have spent this address's budget for a moment: a short refusal
  // is waited out, from the authorization request again; a long one is a locked account.
  const walked = await waitingOutSignInRefusals(progress, () => walkOnce(http, jar, authorizationUrl, credentials, decision), (walk) =>
    walk.kind === 'throttled' ? walk.exchange : undefined,
  );
  if (walked.kind !== 'throttled') return walked;
  // The person's own sign-in worked: a tampered one refused for long leaves its caller unable to judge, not the run unable to start.
  if (typeof decision === 'object') return { kind: 'page', exchange: walked.exchange, exchanges: walked.exchanges };
  throw signInRefused(walked.credentials, `${walked.exchange.request.url} answered HTTP 429`, walked.exchange);
}

/**
 * Makes `attempt` again while its answer is a sign-in refusal (`refusalOf`: a 429) whose
 * Retry-After, added to those waited already, stays within LONGEST_SIGN_IN_WAIT_SECONDS; the last
 * answer otherwise, refused or not.
 */
export async function waitingOutSignInRefusals<T>(progress: Progress, attempt: () => Promise<T>, refusalOf: (answer: T) => Exchange | undefined): Promise<T> {
  let waited = 0;
  for (;;) {
    const answer = await attempt();
    const refusal = refusalOf(answer);
    const seconds = refusal && retryAfterSeconds(refusal);
    if (seconds === undefined || waited + seconds > LONGEST_SIGN_IN_WAIT_SECONDS) return answer;
    waited += seconds;
    await waitWithProgress(progress, 'sign-in refused for now: waiting as Retry-After asks', seconds * 1000 + 250);
  }
}

/** The credentials' POST answered 429: the sign-in budget of this address or account is spent for now. */
interface Throttled {
  readonly kind: 'throttled';
  readonly exchange: Exchange;
  readonly exchanges: readonly Exchange[];
  readonly credentials: Credentials;
}

/** The longest the walk waits out sign-in refusals (429 with Retry-After), in all, before it gives up. */
const LONGEST_SIGN_IN_WAIT_SECONDS = 30;

async function walkOnce(
  http: Http,
  jar: CookieJar,
  authorizationUrl: URL,
  credentials: Credentials | undefined,
  decision: ConsentDecision,
): Promise<AuthorizationOutcome | Throttled> {
  const redirectUri = authorizationUrl.searchParams.get('redirect_uri') ?? '';
  const exchanges: Exchange[] = [];
  let next: PageRequest = { url: authorizationUrl.toString(), method: 'GET' };
  let signedIn = false;
  let ssoStarted = false;
  let approved = false;
  // A forged sign-in refused (an error, or the form again) is what the forger wanted to see.
  const forgingSignIn = decision === 'forge-sign-in-csrf';
  // A tampered sign-in may be refused anywhere on the way: its caller judges where the walk ended.
  const tamper = typeof decision === 'object' ? decision.tamperSignIn : undefined;
  for (let step = 0; step < MAX_STEPS; step += 1) {
    const exchange = await send(http, jar, next);
    exchanges.push(exchange);
    const { status, headers, body } = exchange.response;
    // An error status in answer to the credentials themselves refuses the person, not the request.
    if (credentials && signedIn && next.method === 'POST' && !approved && status >= 400) {
      if (forgingSignIn) return { kind: 'page', exchange, exchanges };
      if (status === 429) return { kind: 'throttled', exchange, exchanges, credentials };
      if (tamper) return { kind: 'page', exchange, exchanges };
      throw signInRefused(credentials, `${next.url} answered HTTP ${status}`, exchange);
    }
    const location = headers['location'];
    if (status >= 300 && status < 400 && location) {
      const target = new URL(location, exchange.request.url);
      if (isRedirectTo(target, redirectUri)) return { kind: 'callback', url: target, exchanges };
      // A browser sent where the tampered fields pointed has left the deployment: the walk ends on the redirect.
      if (tamper && target.hostname === ELSEWHERE) return { kind: 'page', exchange, exchanges };
      next = { url: target.toString(), method: 'GET' };
      continue;
    }
    const forms = status === 200 ? parseForms(body, exchange.request.url) : [];
    const signInForm = forms.find((form) => form.controls.some((control) => control.type === 'password'));
    if (credentials?.sso && !ssoStarted && signInForm) {
      const sso = forms.map((form) => ({ form, button: ssoButton(form) })).find((found) => found.button);
      if (!sso?.button) {
        throw new SetupFailed('--sso: the sign-in page offers no single sign-on button (a form button reading "Sign in with …", "single sign-on" or "SSO")');
      }
      ssoStarted = true;
      next = submit(sso.form, {}, sso.button);
      continue;
    }
    if (signInForm) {
      if (!credentials) return { kind: 'sign-in-required', exchanges };
      if (signedIn && (forgingSignIn || tamper)) return { kind: 'page', exchange, exchanges };
      if (signedIn) throw signInRefused(credentials, 'the sign-in form came back', exchange);
      signedIn = true;
      const fills = credentialFills(signInForm, credentials);
      if (tamper) next = formRequest(signInForm, tamper(signInForm, submission(signInForm, fills)));
      else next = submit(signInForm, { ...fills, ...(forgingSignIn ? forgedCsrf(signInForm, 'sign-in', exchanges) : {}) });
      continue;
    }
    const consent = forms.map((form) => ({ form, approve: approveButton(form) })).find((found) => found.approve);
    if (consent?.approve) {
      if (forgingSignIn) return { kind: 'page', exchange, exchanges };
      if (approved) {
        // A forged approval sent back to the form was refused, which is what the forger wanted to see;
        // a tampered sign-in's caller judges its walk wherever it ended.
        if (decision === 'forge-csrf' || decision === 'omit-csrf' || tamper) return { kind: 'page', exchange, exchanges };
        throw new SignInFailed('the consent form came back after approving it', exchanges);
      }
      approved = true;
      next = answerConsent(consent.form, consent.approve, decision, exchanges);
      continue;
    }
    return { kind: 'page', exchange, exchanges };
  }
  throw new SignInFailed(`no redirect to ${redirectUri} after ${MAX_STEPS} pages and redirects`, exchanges);
}

/**
 * Follows an authorization request from `url` to the sign-in form and posts `credentials` there
 * once: the answer to the credentials, whatever it is (a refusal, the form again, a redirect).
 */
export async function postSignIn(http: Http, jar: CookieJar, url: URL, credentials: Credentials): Promise<Exchange> {
  const form = await signInFormFor(http, jar, url);
  return send(http, jar, submit(form, credentialFills(form, credentials)));
}

/** Follows an authorization request from `url`, with the jar's cookies, to the sign-in form with a password field. */
async function signInFormFor(http: Http, jar: CookieJar, url: URL): Promise<HtmlForm> {
  const exchanges: Exchange[] = [];
  let next: PageRequest = { url: url.toString(), method: 'GET' };
  for (let step = 0; step < MAX_STEPS; step += 1) {
    const exchange = await send(http, jar, next);
    exchanges.push(exchange);
    const { status, headers, body } = exchange.response;
    const location = headers['location'];
    if (status >= 300 && status < 400 && location) {
      next = { url: new URL(location, exchange.request.url).toString(), method: 'GET' };
      continue;
    }
    const form = status === 200 ? parseForms(body, exchange.request.url).find((found) => found.controls.some((control) => control.type === 'password')) : undefined;
    if (!form) throw new SignInFailed(`no sign-in form with a password field at ${exchange.request.url} (HTTP ${status}) for a browser without a session`, exchanges);
    return form;
  }
  throw new SignInFailed(`no sign-in form after ${MAX_STEPS} pages and redirects`, exchanges);
}

/** Presses the approve button of `page` (a page the runner saw before) again. */
async function pressApprove(http: Http, jar: CookieJar, page: Exchange): Promise<Exchange> {
  const found = parseForms(page.response.body, page.request.url)
    .map((form) => ({ form, approve: approveButton(form) }))
    .find((candidate) => candidate.approve);
  if (!found?.approve) throw new SignInFailed(`the page ${page.request.url} has no approve button`, [page]);
  return send(http, jar, submit(found.form, {}, found.approve));
}

/** Wrong credentials, a locked account: the run cannot start, whatever the deployment's rules. */
function signInRefused(credentials: Credentials, seen: string, exchange: Exchange): SetupFailed {
  const retryAfter = retryAfterSeconds(exchange);
  const { status, body } = exchange.response;
  const fix =
    status === 429
      ? `too many sign-in attempts, try again${retryAfter === undefined ? ' later' : ` in ${retryAfter} s`}`
      : status === 403 && /\bdisabled\b/i.test(body)
        ? `the account is disabled: enable it (survey-mcp users enable ${credentials.user}) or give another test account`
        : 'check --user and --password';
  return new SetupFailed(`the deployment refused the sign-in of ${credentials.user} (${seen}): ${fix}`);
}

/** The next thing the driver asks for: a link or redirect to follow, or a form to submit. */
interface PageRequest {
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly fields?: readonly [string, string][];
}

async function send(http: Http, jar: CookieJar, request: PageRequest): Promise<Exchange> {
  const cookie = jar.headerFor(request.url);
  const headers: Record<string, string> = { accept: 'text/html', ...(cookie ? { cookie } : {}) };
  // A page of an authorization meant to be refused keeps that purpose; any other is the sign-in walk.
  const purpose = sendContext().purpose === 'negative' ? 'negative' : 'sign-in';
  const sent: HttpRequest =
    request.method === 'POST'
      ? {
          url: request.url,
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(request.fields).toString(),
        }
      : { url: request.url, headers };
  const exchange = await withPurpose(purpose, () => http.send(sent));
  jar.store(request.url, exchange.response.setCookie);
  return exchange;
}

function submit(form: HtmlForm, fills: Readonly<Record<string, string>>, submitter?: FormControl): PageRequest {
  return formRequest(form, submission(form, fills, submitter));
}

function formRequest(form: HtmlForm, fields: readonly [string, string][]): PageRequest {
  if (form.method === 'POST') return { url: form.action, method: 'POST', fields };
  const url = new URL(form.action);
  for (const [name, value] of fields) url.searchParams.append(name, value);
  return { url: url.toString(), method: 'GET' };
}

function answerConsent(
  form: HtmlForm,
  approve: FormControl,
  decision: ConsentDecision,
  exchanges: readonly Exchange[],
): PageRequest {
  if (decision === 'refuse') {
    const refuse = form.controls.find((control) => isButton(control) && REFUSE.test(`${control.value} ${control.name}`));
    if (!refuse) throw new SignInFailed('the consent form has no button to refuse with', exchanges);
    return submit(form, {}, refuse);
  }
  if (decision === 'approve' || typeof decision === 'object') return submit(form, {}, approve);
  const forged = forgedCsrf(form, 'consent', exchanges);
  // A check only of a token that is there lets an approval without one through.
  if (decision === 'omit-csrf') return formRequest(form, submission(form, {}, approve).filter(([name]) => !(name in forged)));
  return submit(form, forged, approve);
}

/** The form's CSRF token fields, each with a value an attacker could have made up. */
function forgedCsrf(form: HtmlForm, what: string, exchanges: readonly Exchange[]): Record<string, string> {
  const csrf = form.controls.filter(isCsrfField);
  if (csrf.length === 0) throw new SignInFailed(`the ${what} form has no hidden CSRF token field`, exchanges);
  return Object.fromEntries(csrf.map((control) => [control.name, `${control.value}-forged`]));
}

const CSRF_FIELD = /csrf|xsrf|authenticity|request.?token|nonce/i;

/** A hidden field that carries the form's CSRF token, by its name. */
export function isCsrfField(control: FormControl): boolean {
  return control.type === 'hidden' && CSRF_FIELD.test(control.name);
}

/** The page the person approved on: the last one with an approve button, when the runner walked it. */
export function consentPageOf(exchanges: readonly Exchange[]): Exchange | undefined {
  return exchanges.findLast(
    (exchange) =>
      exchange.response.status === 200 &&
      parseForms(exchange.response.body, exchange.request.url).some((form) => approveButton(form)),
  );
}

/** The form's identity and password fields, filled in with `credentials`. */
function credentialFills(form: HtmlForm, credentials: Credentials): Record<string, string> {
  const fills: Record<string, string> = {};
  const identity =
    form.controls.find((control) => control.type === 'email' && control.name) ??
    form.controls.find(
      (control) => control.type === 'text' && /e-?mail|user|login|account|identifier/i.test(control.name),
    );
  if (identity) fills[identity.name] = credentials.user;
  for (const control of form.controls) {
    if (control.type === 'password' && control.name) fills[control.name] = credentials.password;
  }
  return fills;
}

const SSO = /sign in with|single sign-on|\bsso\b/i;

/** The button of a form without a password field that starts single sign-on. */
function ssoButton(form: HtmlForm): FormControl | undefined {
  if (form.controls.some((control) => control.type === 'password')) return undefined;
  return form.controls.find((control) => isButton(control) && SSO.test(`${control.label} ${control.name}`));
}

const APPROVE = /approve|allow|accept|authori[sz]e|consent|grant|continue/i;
const REFUSE = /deny|refuse|reject|cancel|decline/i;

function approveButton(form: HtmlForm): FormControl | undefined {
  return form.controls.find(
    (control) =>
      isButton(control) &&
      control.type !== 'reset' &&
      APPROVE.test(`${control.value} ${control.name}`) &&
      !REFUSE.test(control.value),
  );
}

/** Same scheme, host, port and path: the query carries the response, so it is ignored. */
function isRedirectTo(target: URL, redirectUri: string): boolean {
  if (!redirectUri) return false;
  const expected = new URL(redirectUri);
  return (
    target.protocol === expected.protocol &&
    target.host === expected.host &&
    target.pathname === expected.pathname
  );
}
