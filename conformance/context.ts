import type { ServerMetadata } from 'openid-client';
import {
  OAuthClient,
  registrationRequest,
  type PendingAuthorization,
  type RegistrationRequest,
  type TokenSet,
} from './client.js';
import { describeError } from './describe-error.js';
import { withPurpose } from './exchange-bus.js';
import { ConformanceExitError, usageError } from './errors.js';
import { captureExchanges, cite, jsonOf, type Exchange, type Http } from './http.js';
import { CookieJar } from './cookie-jar.js';
import { isObject, type Mcp } from './mcp.js';
import type { ModernMcp } from './modern.js';
import type { RunSettings } from './options.js';
import type { Progress } from './progress.js';
import { registerPolitely } from './registration.js';
import {
  DEFAULT_REDIRECT_URI,
  SignInFailed,
  walkAuthorization,
  type AuthorizationOutcome,
  type SignIn,
} from './sign-in.js';
import type { Target } from './target.js';

export type DocumentName = 'protected-resource' | 'authorization-server' | 'openid-configuration';

/** A discovery document as served: the exchange, and its JSON object when it is one. */
export interface DiscoveryDocument {
  readonly exchange: Exchange;
  readonly json: Record<string, unknown> | undefined;
}

/** The runner's own registration: what it sent, what came back, and the client it made. */
export interface Registration {
  readonly request: RegistrationRequest;
  readonly exchange: Exchange;
  readonly client: OAuthClient;
}

/** An approved authorization request whose code has not been redeemed yet. */
export interface Authorization {
  readonly client: OAuthClient;
  readonly pending: PendingAuthorization;
  /** The authorization response: the redirect URI with `code`, `state` and `iss`. */
  readonly callback: URL;
  /** The pages and redirects that led there (none when a browser did the work). */
  readonly walk: readonly Exchange[];
}

/** One completed authorization: the request, where it ended, and the tokens it earned. */
export interface Grant extends Authorization {
  readonly tokens: TokenSet;
  /** The token endpoint exchange that redeemed the code. */
  readonly redemption: Exchange | undefined;
}

/** A shared step (discovery, registration, sign-in) failed, so the check could not be made. */
export class PrerequisiteFailed extends Error {
  override readonly name = 'PrerequisiteFailed';

  constructor(
    /** The shared step, as named to `once`: it tells which prerequisite failed. */
    readonly step: string,
    /** Not `cause`, which describeError would print a second time. */
    readonly failure: unknown,
    readonly exchanges: readonly Exchange[],
  ) {
    super(`could not ${step}: ${describeError(failure)}`);
  }
}

/** The authorization stopped at an ordinary page (no error status) the runner cannot fill in. */
export class PageNotDriven extends SignInFailed {}

export interface CheckContext {
  readonly target: Target;
  readonly settings: RunSettings;
  readonly http: Http;
  readonly mcp: Mcp;
  /** The same endpoint spoken as revision 2026-07-28. */
  readonly modern: ModernMcp;
  readonly progress: Progress;
  /** Runs `compute` once per run, named by `step`; later callers share its result or failure. */
  once<T>(step: string, compute: () => Promise<T>): Promise<T>;
  document(name: DocumentName): Promise<DiscoveryDocument>;
  registration(): Promise<Registration>;
  /** The runner's own registered client. */
  client(): Promise<OAuthClient>;
  /** Registers another client under `clientName`, for checks that need a second one. */
  registerClient(clientName: string): Promise<OAuthClient>;
  /** A client whose client_id is the URL of its metadata document: nothing is registered. */
  metadataClient(documentUrl: string): Promise<OAuthClient>;
  signIn(): SignIn;
  /** Follows an authorization request that should be refused, without asking the person. */
  probe(url: URL): Promise<AuthorizationOutcome>;
  /** A new approved authorization, its code not yet redeemed. */
  authorizeCode(client?: OAuthClient): Promise<Authorization>;
  /** A new, disposable authorization: for checks that spend, replay or revoke its tokens. */
  authorize(client?: OAuthClient): Promise<Grant>;
  /** The run's main authorization, which no check revokes. */
  session(): Promise<Grant>;
  /** The main session's access token, renewed before it expires. */
  accessToken(): Promise<string>;
  /** The same, after one `initialize` has agreed the protocol version. */
  connected(): Promise<string>;
}

const RUNNER_CLIENT_NAME = 'survey-mcp conformance';

const DOCUMENT_URL: Readonly<Record<DocumentName, keyof Target>> = {
  'protected-resource': 'protectedResourceMetadata',
  'authorization-server': 'authorizationServerMetadata',
  'openid-configuration': 'openidConfiguration',
};

export function createContext(deps: {
  target: Target;
  settings: RunSettings;
  http: Http;
  mcp: Mcp;
  modern: ModernMcp;
  progress: Progress;
  signIn: SignIn | undefined;
}): CheckContext {
  const { target, settings, http, mcp, modern, progress } = deps;
  const steps = new Map<string, Promise<unknown>>();
  // The main session's current tokens; one renewal at a time, since a refresh token is single use.
  let mainTokens: Promise<TokenSet> | undefined;

  const ctx: CheckContext = {
    target,
    settings,
    http,
    mcp,
    modern,
    progress,

    once<T>(step: string, compute: () => Promise<T>): Promise<T> {
      let result = steps.get(step) as Promise<T> | undefined;
      if (!result) {
        result = runStep(step, compute);
        steps.set(step, result);
      }
      return result;
    },

    document(name) {
      const url = target[DOCUMENT_URL[name]];
      return ctx.once(`fetch ${url}`, async () => {
        const exchange = await http.send({ url, headers: { accept: 'application/json' } });
        const json = jsonOf(exchange);
        return { exchange, json: isObject(json) ? json : undefined };
      });
    },

    registration() {
      return ctx.once('register the runner as a client', () => registerClientNamed(RUNNER_CLIENT_NAME));
    },

    async client() {
      return (await ctx.registration()).client;
    },

    async registerClient(clientName) {
      return (await registerClientNamed(clientName)).client;
    },

    async metadataClient(documentUrl) {
      const redirectUri = deps.signIn?.redirectUri ?? DEFAULT_REDIRECT_URI;
      return new OAuthClient(http, await serverMetadata(), documentUrl, redirectUri, target.baseUrl);
    },

    signIn() {
      if (!deps.signIn) throw usageError('this check needs a person to sign in: pass --user and --password, or --browser');
      return deps.signIn;
    },

    probe(url) {
      return withPurpose('negative', () => (deps.signIn ? deps.signIn.probe(url) : walkAuthorization(http, new CookieJar(), url, undefined)));
    },

    async authorizeCode(client) {
      const oauth = client ?? (await ctx.client());
      const pending = await oauth.beginAuthorization();
      const outcome = await ctx.signIn().authorize(pending.url);
      return { client: oauth, pending, callback: callbackOf(outcome), walk: outcome.exchanges };
    },

    async authorize(client) {
      const authorization = await ctx.authorizeCode(client);
      const { client: oauth, pending, callback } = authorization;
      const redemption = await captureExchanges(() => oauth.redeem(callback, pending.codeVerifier));
      cite(...redemption.exchanges);
      if (!redemption.ok) throw redemption.error;
      return { ...authorization, tokens: redemption.value, redemption: redemption.exchanges.at(-1) };
    },

    session() {
      return ctx.once('sign in and obtain a token', () => ctx.authorize());
    },

    accessToken() {
      return freshAccessToken();
    },

    async connected() {
      await ctx.once('initialize over MCP', async () => {
        const { exchange, message } = await mcp.initialize(await freshAccessToken());
        const version = message?.result?.['protocolVersion'];
        if (typeof version !== 'string') {
          throw new Error(`initialize answered HTTP ${exchange.response.status} without a protocolVersion`);
        }
        mcp.agree(version);
      });
      return freshAccessToken();
    },
  };

  async function runStep<T>(step: string, compute: () => Promise<T>): Promise<T> {
    const captured = await captureExchanges(() => withPurpose('flow', compute));
    if (captured.ok) return captured.value;
    const { error } = captured;
    if (error instanceof ConformanceExitError || error instanceof PrerequisiteFailed) throw error;
    throw new PrerequisiteFailed(step, error, captured.exchanges);
  }

  async function registerClientNamed(clientName: string): Promise<Registration> {
    const server = await serverMetadata();
    const redirectUri = deps.signIn?.redirectUri ?? DEFAULT_REDIRECT_URI;
    const request = registrationRequest(clientName, [redirectUri]);
    const exchange = await registerPolitely(ctx, request);
    const body = jsonOf(exchange);
    const clientId = isObject(body) ? body['client_id'] : undefined;
    if (exchange.response.status >= 300 || typeof clientId !== 'string') {
      throw new Error(`registration answered HTTP ${exchange.response.status} without a client_id`);
    }
    return { request, exchange, client: new OAuthClient(http, server, clientId, redirectUri, target.baseUrl) };
  }

  function serverMetadata(): Promise<ServerMetadata> {
    return ctx.once('read the authorization server metadata', async () => {
      const { exchange, json } = await ctx.document('authorization-server');
      cite(exchange);
      if (exchange.response.status !== 200 || !json) {
        throw new Error(`${exchange.request.url} answered HTTP ${exchange.response.status}, not a JSON document`);
      }
      for (const field of ['issuer', 'authorization_endpoint', 'token_endpoint']) {
        if (typeof json[field] !== 'string') throw new Error(`the metadata has no "${field}"`);
      }
      return json as unknown as ServerMetadata;
    });
  }

  /** Renews the main token ahead of expiry, for deployments configured with short lifetimes. */
  async function freshAccessToken(): Promise<string> {
    const grant = await ctx.session();
    mainTokens ??= Promise.resolve(grant.tokens);
    const current = mainTokens;
    const tokens = await current;
    const lifetimeMs = (tokens.expiresIn ?? Infinity) * 1000;
    const ageMs = Date.now() - tokens.receivedAt;
    const { refreshToken } = tokens;
    if (!refreshToken || lifetimeMs - ageMs >= Math.min(60_000, lifetimeMs / 2)) return tokens.accessToken;
    if (mainTokens === current) {
      mainTokens = runStep('renew the main access token', () => grant.client.refresh(refreshToken));
    }
    return (await mainTokens).accessToken;
  }

  return ctx;
}

function callbackOf(outcome: AuthorizationOutcome): URL {
  if (outcome.kind === 'page') {
    const { request, response } = outcome.exchange;
    throw new (response.status === 200 ? PageNotDriven : SignInFailed)(
      `the authorization stopped at ${request.method} ${request.url} (HTTP ${response.status}) instead of redirecting`,
      outcome.exchanges,
    );
  }
  if (outcome.kind === 'sign-in-required') {
    throw new SignInFailed('the deployment asked for a sign-in that could not be given', outcome.exchanges);
  }
  const error = outcome.url.searchParams.get('error');
  if (error) {
    const description = outcome.url.searchParams.get('error_description');
    throw new SignInFailed(
      `the authorization was refused with error "${error}"${description ? ` (${description})` : ''}`,
      outcome.exchanges,
    );
  }
  return outcome.url;
}
