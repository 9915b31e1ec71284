import type { PrivateKeyJwtFaults } from './faults-private-key-jwt.js';
import type { BranchFaults } from './faults-branches.js';
import type { ConfirmationFaults } from './faults-confirmations.js';
import type { SourceFaults } from './faults-sources.js';
import type { SurvivorFaults } from './survivors.js';
import type { InvariantFaults } from './invariant-faults.js';
import type { VariantFaults } from './faults-variants.js';
import type { IdJagFaults } from './id-jag.js';
import type { FreshSeedFaults } from './fresh-seed.js';
import type { DemonstratedFaults } from './faults-demonstrated.js';
import type { FreshFaults } from './faults-fresh.js';
import type { SecondSampleFaults } from './faults-second-sample.js';
import type { ThirdSampleFaults } from './faults-third-sample.js';

/**
 * Ways to break the fake deployment, one rule each. The fake is correct with none set; every
 * conformance check has a test that sets one of these and expects that check to fail.
 */
export interface Faults extends SourceFaults, PrivateKeyJwtFaults, BranchFaults, ConfirmationFaults, SurvivorFaults, InvariantFaults, VariantFaults, IdJagFaults, FreshSeedFaults, DemonstratedFaults, FreshFaults, SecondSampleFaults, ThirdSampleFaults {
  // discovery
  /** Merged into both authorization-server documents; `undefined` removes a key. */
  readonly asMetadataOverrides?: Readonly<Record<string, unknown>>;
  readonly openidConfigurationOverrides?: Readonly<Record<string, unknown>>;
  readonly prmOverrides?: Readonly<Record<string, unknown>>;
  /** Appended to the issuer in both authorization-server documents (e.g. a trailing slash). */
  readonly issuerSuffix?: string;
  readonly asMetadataRedirect?: boolean;
  readonly noCors?: boolean;
  readonly resourceTrailingSlash?: boolean;
  // registration
  readonly registrationOverrides?: Readonly<Record<string, unknown>>;
  readonly newClientIdOnReRegistration?: boolean;
  /** The same client_id on re-registration, but a fresh client_id_issued_at each time. */
  readonly reRegistrationRestamped?: boolean;
  readonly acceptAnyRedirectUri?: boolean;
  readonly registrationErrorStatus?: number;
  readonly httpsOnlyRedirects?: boolean;
  /** Treats an https client_id as an unknown client instead of fetching its document. */
  readonly clientMetadataUnsupported?: boolean;
  /** Accepts a metadata document whose client_id is not its own URL. */
  readonly clientMetadataMismatchAccepted?: boolean;
  // authorization and tokens
  readonly omitRefreshToken?: boolean;
  readonly mangleState?: boolean;
  readonly omitIss?: boolean;
  readonly openRedirect?: boolean;
  /** Redirects errors to any registered https URI, even for a browser with no session. */
  readonly redirectErrorsToStrangers?: boolean;
  readonly strictLoopbackPort?: boolean;
  /** Lets localhost stand in for a registered 127.0.0.1 loopback redirect. */
  readonly loopbackAnyHost?: boolean;
  readonly pkceOptional?: boolean;
  readonly acceptAnyChallengeMethod?: boolean;
  readonly reusableCodes?: boolean;
  readonly codeReplayKeepsTokens?: boolean;
  readonly skipPkceVerification?: boolean;
  readonly allowPlainDowngrade?: boolean;
  readonly refreshUnsupported?: boolean;
  readonly noRefreshRotation?: boolean;
  readonly spentRefreshAccepted?: boolean;
  readonly refreshReuseKeepsGrant?: boolean;
  readonly tokenErrorStatus?: number;
  readonly omitNoStore?: boolean;
  /** Cache-Control: no-store on every token answer but the refusals of a code. */
  readonly codeErrorsCacheable?: boolean;
  readonly unknownScopeGranted?: boolean;
  /** Only the resource exactly as published, not with a trailing slash. */
  readonly resourceSlashRefused?: boolean;
  readonly errorRedirectWithoutIss?: boolean;
  readonly deniedWithoutState?: boolean;
  readonly unknownClientRedirects?: boolean;
  readonly unknownClientHtmlOnly?: boolean;
  readonly consentHidesRedirect?: boolean;
  readonly framableConsent?: boolean;
  readonly consentIgnoresCsrf?: boolean;
  /** Answers a sign-in with the consent page for the request its form posted, not checked again: the code goes wherever the form's redirect_uri said. */
  readonly signInRequestUnchecked?: boolean;
  readonly sessionCookieScriptable?: boolean;
  readonly codeNotBoundToClient?: boolean;
  readonly codeNotBoundToRedirectUri?: boolean;
  /** Redemption checks the code, waits, then marks it used: parallel redemptions all pass. */
  readonly codeRedemptionRace?: boolean;
  readonly refreshNotBoundToClient?: boolean;
  readonly refreshRace?: boolean;
  readonly refreshScopeEscalation?: boolean;
  readonly missingParameterAsInvalidGrant?: boolean;
  /** Does not look the client up: an unknown client_id falls through to invalid_grant. */
  readonly unknownClientAsInvalidGrant?: boolean;
  // MCP transport
  readonly initializeError?: boolean;
  /** Agrees to whatever protocol version initialize asks for. */
  readonly initializeEchoesVersion?: boolean;
  /** Answers a resources/read of a missing resource with 2026-07-28's -32602 in the 2025 era too. */
  readonly legacyResourceNotFound32602?: boolean;
  /** Serves resources/list in the 2025 era without declaring resources in initialize. */
  readonly legacyUndeclaredResources?: boolean;
  /** Lists a tool named with a space in the 2025 era. */
  readonly legacyToolNameWithSpace?: boolean;
  /** Returns structuredContent without a property get_me's outputSchema requires, in the 2025 era. */
  readonly legacyStructuredOffSchema?: boolean;
  /** Returns structuredContent with a text block that is not it, in the 2025 era. */
  readonly legacyStructuredWithoutText?: boolean;
  /** Does not implement ping. */
  readonly pingUnsupported?: boolean;
  readonly emptyToolList?: boolean;
  readonly omitToolContent?: boolean;
  readonly omitWwwAuthenticate?: boolean;
  readonly acceptGarbageTokens?: boolean;
  readonly expiredTokensAccepted?: boolean;
  readonly foreignTokenStatus?: number;
  /** The 403 for a foreign token carries no WWW-Authenticate challenge. */
  readonly bareInsufficientScope?: boolean;
  readonly streamBeforeAuth?: boolean;
  readonly streamStatus?: number;
  readonly deleteOpensStream?: boolean;
  readonly unknownMethodHttpStatus?: number;
  readonly ignoreProtocolVersion?: boolean;
  readonly notificationStatus?: number;
  /** Accepts a notification with 202, but with a JSON-RPC body. */
  readonly notificationAnsweredWithBody?: boolean;
  readonly ignoreOrigin?: boolean;
  readonly mcpExposesNoHeaders?: boolean;
  /** Breaks one rule of the 2026-07-28 era (fake/modern-mcp.ts). */
  readonly modernFault?: ModernFault;
  /**
   * Faults only 2026-07-28 requests meet: a dual-era deployment whose modern path is mounted
   * behind other middleware, so a rule of both eras holds in one and breaks in the other.
   */
  readonly inModernEra?: Faults;
  // tool errors
  readonly toolErrorsAsJsonRpcErrors?: boolean;
  readonly forbiddenSurveyVisible?: boolean;
  /** Not a demo deployment: the demo's forbidden survey does not exist. */
  readonly withoutDemoSurvey?: boolean;
  readonly validationMessageWithoutPrefix?: boolean;
  // rate limits
  readonly noMcpLimit?: boolean;
  readonly noRegisterLimit?: boolean;
  readonly retryAfterSeconds?: number;
  readonly rateLimitHeaders?: boolean;
  readonly limitPerToken?: boolean;
  readonly limitBeforeAuth?: boolean;
  readonly penaltyExtends?: boolean;
  readonly understateRetryAfter?: boolean;
  /** Retry-After counts a whole window from the first refusal, not from the oldest request. */
  readonly retryAfterFromFirstRefusal?: boolean;
  /** Counts per clock window instead of sliding: a full budget either side of an edge. */
  readonly fixedWindow?: boolean;
  /** Every 100 ms forgets the logs still inside the window: a budget refilled long before its oldest request ages out. */
  readonly liveLogsSwept?: boolean;
  /** Only the first 429 in a row carries the error body. */
  readonly bareRepeatRefusals?: boolean;
  /**
   * Runs this many requests of one person at once (each answered 100 ms late) and refuses the
   * others with 429 at once, no queue: a concurrency cap that refuses inside the budget.
   */
  readonly concurrencyCap?: number;
  // revocation
  readonly revocationIgnored?: boolean;
  /** The MCP host still accepts a revoked access token (a stale cache of token checks). */
  readonly revokedTokensAccepted?: boolean;
  readonly revokeRefreshKeepsAccess?: boolean;
  readonly revokeUnknownStatus?: number;
  readonly revokeAnyClientsToken?: boolean;
  // issue 23: refresh retries, metadata where clients look for it
  /** Still honours the password grant, though grant_types_supported leaves it out. */
  readonly passwordGrantAccepted?: boolean;
  /** A retry within the refresh grace gets a new refresh token, not the successor issued first. */
  readonly graceMintsNewSuccessor?: boolean;
  /** A retry within the refresh grace is answered although the grant was revoked meanwhile. */
  readonly graceOutlivesRevocation?: boolean;
  /** A retry within the refresh grace is answered for any client that presents the token. */
  readonly graceForAnyClient?: boolean;
  /** A spent refresh token is a replay at once: no refresh grace, parallel renewals revoke the grant. */
  readonly noRefreshGrace?: boolean;
  /** A retry within the grace is answered even after its successor was used (survey-mcp before issue 33). */
  readonly graceOutlivesSuccessorUse?: boolean;
  /** The auth host does not serve the authorization-server metadata (404), as survey-mcp did before. */
  readonly noAuthOriginMetadata?: boolean;
  /** Serves at the authorization endpoint's origin a stale copy of the metadata (another token_endpoint). */
  readonly authOriginMetadataStale?: boolean;
}

/** One way to get revision 2026-07-28 wrong. */
export type ModernFault =
  | 'no-discover'
  // refuses every request of the era, server/discover included, with HTTP 400 -32020
  | 'refuses-every-request'
  | 'tool-errors-as-jsonrpc-errors'
  // its own discovery wrong: leaves out the revision it serves, or lists one it refuses
  | 'discover-omits-own-version'
  | 'discover-lists-legacy'
  | 'no-result-type'
  | 'no-server-info'
  | 'no-cache-hints'
  | 'envelope-unchecked'
  | 'name-header-unchecked'
  | 'name-header-not-decoded'
  | 'any-version'
  | 'unknown-method-200'
  // basic/index, basic/transports/streamable-http
  | 'string-id-dropped'
  | 'version-header-unchecked'
  | 'name-header-optional'
  | 'method-header-presence-only'
  | 'echoes-session-id'
  | 'notification-answered'
  | 'modern-ignores-origin'
  // server/resources, server/utilities/caching, capabilities
  | 'resource-not-found-32002'
  | 'no-cache-hints-on-read'
  | 'undeclared-resources'
  // server/tools
  | 'null-input-schema'
  | 'tool-name-with-space'
  | 'shuffled-tools'
  | 'structured-content-off-schema'
  | 'structured-without-text'
  // a deployment that speaks 2026-07-28 only (FakeDeploymentOptions.offers)
  | 'initialize-error-unnamed'
  | 'legacy-stream-404'
  // MCP Apps in this era: the app tool listed to every client, offered the extension or not
  | 'views-for-any-client'
  // Mcp-Name beyond tools/call (issue 31): on resources/read, and its value's case
  | 'read-name-header-optional'
  | 'read-name-header-unchecked'
  | 'name-header-case-insensitive';
