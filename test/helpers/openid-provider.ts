import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type AdapterFactory, type KoaContextWithOIDC } from 'oidc-provider';
import { memoryAdapter } from './openid-provider-memory.js';
import { listenOnLoopback } from './loopback-server.js';

/** A person at the provider: the login typed into its form, and the claims it asserts. */
export interface ProviderAccount {
  readonly email?: string;
  readonly email_verified?: boolean;
  readonly name?: string;
  /** Google's hosted-domain claim, in the ID token. */
  readonly hd?: string;
}

export interface TestProviderOptions {
  /** Keyed by the login typed at the provider (its dev login form takes any password). */
  readonly accounts: Readonly<Record<string, ProviderAccount>>;
  /** A confidential client when given; else a public client (PKCE alone). */
  readonly clientSecret?: string;
  /** False: the ID token carries `sub` only and the claims come from UserInfo (the OpenID default for code flow). */
  readonly claimsInIdToken?: boolean;
  /** A provider gone wrong: its UserInfo answers name this `sub` instead of the signed-in person's. */
  readonly userInfoSubject?: string;
}

export const providerClientId = 'survey-mcp';

/**
 * panva's oidc-provider (a certified OpenID provider) on a loopback port, with a login form shaped
 * like its development one (a `login` and a `password` field, a link that cancels): the login
 * names an account of `accounts`, any password goes. Claims go in the ID
 * token, as Okta and Keycloak put them there, unless `claimsInIdToken` is false. Its client, keys and redirect URI can change
 * between sign-ins: each change builds a new provider behind the same issuer and port.
 */
export class TestOpenIdProvider {
  private provider!: Provider;
  private redirectUris: string[] = ['http://127.0.0.1:1/sso/callback'];
  private key!: Record<string, unknown>;
  private readonly adapter: AdapterFactory = memoryAdapter();
  /** The id of the key the provider signs with now. */
  kid = '';
  /** How often a relying party fetched the provider's keys. */
  jwksRequests = 0;
  /** How often a relying party redeemed a code (or tried to) at the token endpoint. */
  tokenRequests = 0;

  private constructor(
    private readonly server: Server,
    readonly issuer: string,
    private readonly options: TestProviderOptions,
  ) {}

  static async start(options: TestProviderOptions): Promise<TestOpenIdProvider> {
    const server = createServer();
    const issuer = await listenOnLoopback(server);
    const idp = new TestOpenIdProvider(server, issuer, options);
    await idp.rotateKeys();
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (req.url?.startsWith('/jwks')) idp.jwksRequests++;
      if (req.url?.startsWith('/token')) idp.tokenRequests++;
      if (req.url?.startsWith('/me') && options.userInfoSubject) answerAbout(res, options.userInfoSubject);
      const interaction = /^\/interaction\/([\w-]+)(\/login|\/abort)?$/.exec(req.url ?? '');
      if (!interaction) return idp.provider.callback()(req, res);
      idp.interact(req, res, interaction[1]!, interaction[2]).catch((error: Error) => {
        res.statusCode = 400;
        res.end(`interaction failed: ${error.message}`);
      });
    });
    return idp;
  }

  /** The login form, its post (any password goes) and its cancel link, as the development interactions had them. */
  private async interact(req: IncomingMessage, res: ServerResponse, uid: string, step: string | undefined): Promise<void> {
    const finish = (result: Record<string, unknown>) => this.provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    if (step === '/abort') return finish({ error: 'access_denied', error_description: 'End-User aborted interaction' });
    if (step === '/login') {
      let body = '';
      for await (const chunk of req) body += chunk;
      return finish({ login: { accountId: new URLSearchParams(body).get('login') ?? '' } });
    }
    await this.provider.interactionDetails(req, res);
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><title>Sign-in</title>
<form autocomplete="off" action="/interaction/${uid}/login" method="post">
  <input type="hidden" name="prompt" value="login"/>
  <input required type="text" name="login" placeholder="Enter any login">
  <input required type="password" name="password" placeholder="and password">
  <button type="submit">Sign-in</button>
</form>
<a href="/interaction/${uid}/abort">Cancel</a>`);
  }

  /** Registers our server's callback as the client's redirect URI. */
  allowRedirect(redirectUri: string): void {
    this.redirectUris = [redirectUri];
    this.build();
  }

  /** A new signing key replaces the old one, which is no longer published. */
  async rotateKeys(): Promise<void> {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    this.kid = `key-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    this.key = { ...(await exportJWK(privateKey)), kid: this.kid, alg: 'RS256', use: 'sig' };
    this.build();
  }

  private build(): void {
    const { accounts, clientSecret, claimsInIdToken = true } = this.options;
    this.provider = new Provider(this.issuer, {
      clients: [
        {
          client_id: providerClientId,
          ...(clientSecret ? { client_secret: clientSecret, token_endpoint_auth_method: 'client_secret_basic' } : { token_endpoint_auth_method: 'none' }),
          redirect_uris: this.redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      jwks: { keys: [this.key as never] },
      adapter: this.adapter,
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      claims: { openid: ['sub', 'hd'], email: ['email', 'email_verified'], profile: ['name'] },
      conformIdTokenClaims: !claimsInIdToken,
      pkce: { required: () => true },
      ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
      cookies: { keys: ['test-only cookie key'] },
      async findAccount(_ctx, id) {
        const account = accounts[id];
        if (!account) return undefined;
        return { accountId: id, claims: async () => ({ sub: id, ...account }) };
      },
      // A company's own app: no consent screen at the provider, as it is usually set up.
      async loadExistingGrant(ctx: KoaContextWithOIDC) {
        const { client, session } = ctx.oidc;
        const grantId = ctx.oidc.result?.consent?.grantId ?? session!.grantIdFor(client!.clientId);
        if (grantId) return ctx.oidc.provider.Grant.find(grantId);
        const grant = new ctx.oidc.provider.Grant({ clientId: client!.clientId, accountId: session!.accountId! });
        grant.addOIDCScope('openid email profile');
        grant.addOIDCClaims(['email', 'email_verified', 'name']);
        await grant.save();
        return grant;
      },
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}

/** Rewrites the `sub` of the JSON answer about to be sent (UserInfo, at `/me`). */
function answerAbout(res: ServerResponse, subject: string): void {
  const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
  res.end = ((chunk?: unknown) => {
    if (typeof chunk !== 'string' && !Buffer.isBuffer(chunk)) return end(chunk);
    const body = JSON.stringify({ ...(JSON.parse(chunk.toString()) as object), sub: subject });
    if (!res.headersSent) res.setHeader('content-length', Buffer.byteLength(body));
    return end(body);
  }) as ServerResponse['end'];
}
