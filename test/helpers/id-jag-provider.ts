import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair, jwtVerify, SignJWT, createLocalJWKSet, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import { listenOnLoopback } from './loopback-server.js';

/** A person at the company's identity provider and the claims it asserts about them. */
export interface IdpPerson {
  readonly sub: string;
  readonly email?: string;
  readonly email_verified?: boolean;
  readonly name?: string;
}

export interface IdJagProviderOptions {
  /** Keyed by the login the assistant signed the person in with. */
  readonly people: Readonly<Record<string, IdpPerson>>;
  /** How long an ID-JAG lives (seconds; default 300). */
  readonly lifetimeSeconds?: number;
}

const tokenExchange = 'urn:ietf:params:oauth:grant-type:token-exchange';
const idJagTokenType = 'urn:ietf:params:oauth:token-type:id-jag';
const idTokenType = 'urn:ietf:params:oauth:token-type:id_token';

interface SigningKey {
  readonly kid: string;
  readonly privateKey: CryptoKey;
  readonly publicJwk: JWK;
  readonly privateJwk: JWK;
}

async function newSigningKey(): Promise<SigningKey> {
  const kid = `idp-${randomUUID().slice(0, 8)}`;
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  return {
    kid,
    privateKey,
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' },
    privateJwk: { ...(await exportJWK(privateKey)), kid, alg: 'ES256' },
  };
}

/**
 * A company identity provider on a loopback port, as Okta or Entra play it in enterprise-managed
 * authorization: OpenID metadata and a JWKS (what our single sign-on discovers), ID tokens for
 * the people an assistant signs in, and RFC 8693 token exchange of such an ID token for an ID-JAG
 * (`requested_token_type=urn:ietf:params:oauth:token-type:id-jag`) for the audience and resource
 * the assistant names, bound to the client_id the administrator configured for it there.
 */
export class IdJagProvider {
  private keys: SigningKey[] = [];
  /** How often the key set was fetched. */
  jwksRequests = 0;
  /** A provider in trouble: its key set answers 503. */
  jwksDown = false;
  /** Token exchanges answered, and the ID-JAGs they issued. */
  readonly issued: string[] = [];
  /**
   * The administrator's policy: per assistant (its client at this provider), the servers it may
   * reach (their issuers) and the client_id it has at each (its metadata document URL).
   */
  private readonly assistants = new Map<string, Map<string, string>>();

  private constructor(
    private readonly server: Server,
    readonly issuer: string,
    private readonly options: IdJagProviderOptions,
  ) {}

  static async start(options: IdJagProviderOptions): Promise<IdJagProvider> {
    const server = createServer();
    const idp = new IdJagProvider(server, await listenOnLoopback(server), options);
    idp.keys = [await newSigningKey()];
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      idp.answer(req, res).catch((error: Error) => json(res, 500, { error: 'server_error', error_description: error.message }));
    });
    return idp;
  }

  /** Lets the assistant `idpClientId` reach the server `audience` (its issuer) as the client `clientId` there. */
  allow(idpClientId: string, audience: string, clientId: string): void {
    this.assistants.set(idpClientId, (this.assistants.get(idpClientId) ?? new Map<string, string>()).set(audience, clientId));
  }

  /** The administrator withdraws the assistant's access to the server `audience`: no more ID-JAGs for it. */
  forbid(idpClientId: string, audience: string): void {
    this.assistants.get(idpClientId)?.delete(audience);
  }

  /** The key the provider signs with now: what `--id-jag-key` hands the runner. */
  get signingJwk(): JWK {
    return this.keys[0]!.privateJwk;
  }

  /** A new signing key, published beside the old one (as providers roll keys). */
  async rotateKeys(): Promise<void> {
    this.keys = [await newSigningKey(), ...this.keys];
  }

  /** The ID token the assistant gets when the person signs in to it with the provider (its first step). */
  async idToken(login: string, audience: string): Promise<string> {
    const person = this.options.people[login];
    if (!person) throw new Error(`no person '${login}' at the test provider`);
    const { sub, ...claims } = person;
    return this.sign({ ...claims }, { sub, aud: audience, lifetimeSeconds: 300 }, 'JWT');
  }

  /** An ID-JAG as the provider would issue it, with any claim or header changed (for refusal tests). */
  async idJag(claims: JWTPayload, options: { typ?: string; lifetimeSeconds?: number; issuedSecondsAgo?: number; key?: CryptoKey; kid?: string } = {}): Promise<string> {
    return this.sign({ jti: randomUUID(), ...claims }, { lifetimeSeconds: options.lifetimeSeconds ?? this.options.lifetimeSeconds ?? 300, ...options }, options.typ ?? 'oauth-id-jag+jwt');
  }

  private async sign(
    claims: JWTPayload,
    options: { sub?: string; aud?: string; lifetimeSeconds: number; issuedSecondsAgo?: number; key?: CryptoKey; kid?: string },
    typ: string,
  ): Promise<string> {
    const now = Math.floor(Date.now() / 1000) - (options.issuedSecondsAgo ?? 0);
    const key = this.keys[0]!;
    const jwt = new SignJWT({ iss: this.issuer, iat: now, exp: now + options.lifetimeSeconds, ...claims }).setProtectedHeader({ alg: 'ES256', kid: options.kid ?? key.kid, typ });
    if (options.sub) jwt.setSubject(options.sub);
    if (options.aud) jwt.setAudience(options.aud);
    return jwt.sign(options.key ?? key.privateKey);
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', this.issuer).pathname;
    if (path === '/.well-known/openid-configuration' || path === '/.well-known/oauth-authorization-server') {
      return json(res, 200, {
        issuer: this.issuer,
        authorization_endpoint: `${this.issuer}/authorize`,
        token_endpoint: `${this.issuer}/token`,
        jwks_uri: `${this.issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['ES256'],
        code_challenge_methods_supported: ['S256'],
        grant_types_supported: ['authorization_code', tokenExchange],
      });
    }
    if (path === '/jwks') {
      this.jwksRequests++;
      if (this.jwksDown) return json(res, 503, { error: 'temporarily_unavailable' });
      return json(res, 200, { keys: this.keys.map((key) => key.publicJwk) });
    }
    if (path === '/token' && req.method === 'POST') return this.exchange(new URLSearchParams(await bodyOf(req)), res);
    json(res, 404, { error: 'not_found' });
  }

  /** RFC 8693 token exchange: the person's ID token for an ID-JAG, when the administrator's policy allows it. */
  private async exchange(params: URLSearchParams, res: ServerResponse): Promise<void> {
    const refuse = (error: string, description: string) => json(res, 400, { error, error_description: description });
    if (params.get('grant_type') !== tokenExchange) return refuse('unsupported_grant_type', 'only token exchange is offered');
    if (params.get('requested_token_type') !== idJagTokenType) return refuse('invalid_request', `requested_token_type must be ${idJagTokenType}`);
    if (params.get('subject_token_type') !== idTokenType) return refuse('invalid_request', `subject_token_type must be ${idTokenType}`);
    const assistant = this.assistants.get(params.get('client_id') ?? '');
    if (!assistant) return refuse('invalid_client', 'unknown client');
    // The audience as the administrator configured it (the server's issuer), however the assistant spelled it.
    const audience = (params.get('audience') ?? '').replace(/\/$/, '');
    const clientId = assistant.get(audience);
    if (!clientId) return refuse('invalid_target', `this assistant may not reach '${audience}'`);
    let subject: JWTPayload;
    try {
      ({ payload: subject } = await jwtVerify(params.get('subject_token') ?? '', createLocalJWKSet({ keys: this.keys.map((key) => key.publicJwk) }), {
        issuer: this.issuer,
        audience: params.get('client_id')!,
      }));
    } catch (error) {
      return refuse('invalid_grant', `the subject token is not valid: ${(error as Error).message}`);
    }
    const person = Object.values(this.options.people).find((candidate) => candidate.sub === subject.sub);
    if (!person) return refuse('invalid_grant', 'unknown person');
    const { sub, ...claims } = person;
    const scope = params.get('scope') ?? undefined;
    const resource = params.get('resource') ?? undefined;
    const lifetime = this.options.lifetimeSeconds ?? 300;
    const grant = await this.idJag({ ...claims, sub, aud: audience, client_id: clientId, ...(resource && { resource }), ...(scope && { scope }) });
    this.issued.push(grant);
    json(res, 200, { issued_token_type: idJagTokenType, access_token: grant, token_type: 'N_A', expires_in: lifetime, ...(scope && { scope }) });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

function json(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
