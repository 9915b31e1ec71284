import type { Progress } from './progress.js';

/** A budget of `limit` requests in any sliding window of `windowSeconds`. */
export interface RateLimit {
  readonly limit: number;
  readonly windowSeconds: number;
}

/** Section 8 of the specification. */
export const SPEC_MCP_RATE_LIMIT: RateLimit = { limit: 180, windowSeconds: 60 };
export const SPEC_REGISTER_RATE_LIMIT: RateLimit = { limit: 20, windowSeconds: 60 };

/**
 * How many requests of one person a deployment runs at once, as far as the runner assumes: the
 * contract leaves it open; survey-mcp's default (serve --mcp-in-flight).
 */
export const DEFAULT_MCP_IN_FLIGHT = 4;

/** Which MCP eras to check: one revision, or every era the deployment offers (`auto`). */
export const PROTOCOL_CHOICES = ['2025-11-25', '2026-07-28', 'auto'] as const;
export type ProtocolChoice = (typeof PROTOCOL_CHOICES)[number];

export const DEFAULT_FORBIDDEN_SURVEY_ID = 'srv_demo_offsite';
export const DEFAULT_TIMEOUT_MS = 10_000;
/**
 * How long after a rotation a deployment may still answer the spent refresh token as a retry
 * (a refresh grace, issue 23). A runner cannot learn it; this is the common value (survey-mcp's
 * default; fastmcp uses 45 s).
 */
export const DEFAULT_REFRESH_GRACE_SECONDS = 60;

/** How the runner gets a person to authorize it. */
export type SignInMethod =
  | {
      readonly kind: 'password';
      readonly user: string;
      readonly password: string;
      /** Through the single sign-on button: the credentials go to the OpenID provider's login form. */
      readonly sso?: boolean;
    }
  | {
      readonly kind: 'browser';
      /** Opens the authorization address for the person; defaults to the system browser. */
      readonly openBrowser?: (url: URL) => void;
    };

export interface ConformanceOptions {
  /** The deployment's MCP host, {base_url} in the specification. */
  readonly url: string;
  readonly signIn?: SignInMethod;
  /** A valid token of another service of the platform (scope other than mcp_customer). */
  readonly foreignToken?: string;
  /** A survey the signed-in person may not open. */
  readonly forbiddenSurveyId?: string;
  /** A survey the signed-in person may open only as viewer (may read it, not its responses). */
  readonly viewerSurveyId?: string;
  /** What the deployment is configured with, when it differs from the specification. */
  readonly mcpRateLimit?: RateLimit;
  readonly registerRateLimit?: RateLimit;
  /** Requests of one person the deployment runs at once: the check of its refusal holds this many open and sends one more. */
  readonly mcpInFlight?: number;
  /** Spends the registration budget of this machine's IP address, so it is opt-in. */
  readonly includeRegisterLimit?: boolean;
  /** Check ids or group names. */
  readonly only?: readonly string[];
  readonly skip?: readonly string[];
  /** Per HTTP request. */
  readonly timeoutMs?: number;
  /** Default `auto`: the 2026-07-28 checks run where server/discover says the era is offered. */
  readonly protocol?: ProtocolChoice;
  readonly progress?: Progress;
  /**
   * A client metadata document QA hosts where the deployment can fetch it, listing the runner's
   * redirect URI: the whole authorization then runs with this URL as client_id.
   */
  readonly clientMetadataUrl?: string;
  /** A document whose `client_id` differs from its URL: the deployment must refuse it. */
  readonly badClientMetadataUrl?: string;
  /** The person's connected-apps page (contract section 5.5 rule 1), on the auth host, behind their session. */
  readonly connectedAppsUrl?: string;
  /** A second local address this machine sends from: the per-address registration budget is told apart from a shared one. */
  readonly secondClientAddress?: string;
  /** An account that signs in with single sign-on only: the password form must refuse it whatever the password. */
  readonly ssoOnlyEmail?: string;
  /** The per-account sign-in budget the deployment documents (wrong passwords for one account, over all addresses). */
  readonly signInAccountLimit?: RateLimit;
  /** The deployment's refresh grace: the replay checks wait it out when a retry is answered. */
  readonly refreshGraceSeconds?: number;
  /** Stop at the first failed check: the report then holds the checks run up to it. */
  readonly failFast?: boolean;
  /**
   * A private_key_jwt client: the URLs of its metadata documents (each listing the runner's
   * redirect URI and the key, one at a `jwks_uri`, one inline in `jwks`) and the private JWK
   * (with its `kid` and `alg`) of the key they publish.
   */
  readonly privateKeyJwtClient?: PrivateKeyJwtClient;
  /** An identity provider the deployment trusts for ID-JAGs (`--id-jag-key`, `--id-jag-issuer`): the run signs as it. */
  readonly idJag?: IdJagIssuer;
}

export interface PrivateKeyJwtClient {
  /** The first is the one the refusal checks use; private-key-jwt-accepted signs in with each. */
  readonly documentUrls: readonly [string, ...string[]];
  readonly privateJwk: Readonly<Record<string, unknown>>;
}

/** The identity provider the run signs ID-JAGs as (`--id-jag-key`, `--id-jag-issuer`, `--id-jag-subject`). */
export interface IdJagIssuer {
  readonly issuer: string;
  /** One private JWK with its `kid` and `alg`, published at the provider's jwks_uri. */
  readonly privateJwk: Readonly<Record<string, unknown>>;
  /** The person's `sub` at the provider; the run's `--user` email when not given. */
  readonly subject?: string;
}

/** Options with every default applied. */
export interface RunSettings {
  readonly signIn: SignInMethod | undefined;
  readonly foreignToken: string | undefined;
  /** Undefined: try the demo's survey, and skip where it does not exist. */
  readonly forbiddenSurveyId: string | undefined;
  /** Undefined: the lesser role is not checked (the demo gives its people no such survey). */
  readonly viewerSurveyId: string | undefined;
  readonly mcpRateLimit: RateLimit;
  readonly registerRateLimit: RateLimit;
  readonly mcpInFlight: number;
  readonly includeRegisterLimit: boolean;
  readonly timeoutMs: number;
  readonly clientMetadataUrl: string | undefined;
  readonly badClientMetadataUrl: string | undefined;
  readonly connectedAppsUrl: string | undefined;
  readonly secondClientAddress: string | undefined;
  readonly ssoOnlyEmail: string | undefined;
  readonly signInAccountLimit: RateLimit | undefined;
  readonly privateKeyJwtClient: PrivateKeyJwtClient | undefined;
  readonly idJag: IdJagIssuer | undefined;
  readonly protocol: ProtocolChoice;
  readonly refreshGraceSeconds: number;
  /** The grace was given (--refresh-grace above 0): a deployment without one breaks what it documents. */
  readonly refreshGraceDocumented: boolean;
  readonly failFast: boolean;
}

export function settingsFrom(options: ConformanceOptions): RunSettings {
  return {
    signIn: options.signIn,
    foreignToken: options.foreignToken,
    forbiddenSurveyId: options.forbiddenSurveyId,
    viewerSurveyId: options.viewerSurveyId,
    mcpRateLimit: options.mcpRateLimit ?? SPEC_MCP_RATE_LIMIT,
    registerRateLimit: options.registerRateLimit ?? SPEC_REGISTER_RATE_LIMIT,
    mcpInFlight: options.mcpInFlight ?? DEFAULT_MCP_IN_FLIGHT,
    includeRegisterLimit: options.includeRegisterLimit ?? false,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    clientMetadataUrl: options.clientMetadataUrl,
    badClientMetadataUrl: options.badClientMetadataUrl,
    connectedAppsUrl: options.connectedAppsUrl,
    secondClientAddress: options.secondClientAddress,
    ssoOnlyEmail: options.ssoOnlyEmail,
    signInAccountLimit: options.signInAccountLimit,
    privateKeyJwtClient: options.privateKeyJwtClient,
    idJag: options.idJag,
    protocol: options.protocol ?? 'auto',
    failFast: options.failFast ?? false,
    refreshGraceSeconds: options.refreshGraceSeconds ?? DEFAULT_REFRESH_GRACE_SECONDS,
    refreshGraceDocumented: (options.refreshGraceSeconds ?? 0) > 0,
  };
}

export function formatRateLimit(rate: RateLimit): string {
  return `${rate.limit} per ${rate.windowSeconds} s`;
}
