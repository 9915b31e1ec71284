/**
 * Ways to break the fake deployment, one rule each. The fake is correct with none set; every
 * conformance check has a test that sets one of these and expects that check to fail.
 */
export interface Faults {
  // discovery
  /** Merged into both authorization-server documents; `undefined` removes a key. */
  readonly asMetadataOverrides?: Readonly<Record<string, unknown>>;
  readonly openidConfigurationOverrides?: Readonly<Record<string, unknown>>;
  readonly prmOverrides?: Readonly<Record<string, unknown>>;
  /** Appended to the issuer in both authorization-server documents (e.g. a trailing slash). */
  readonly issuerSuffix?: string;
  readonly asMetadataRedirect?: boolean;
  readonly noCors?: boolean;
  // registration
  readonly registrationOverrides?: Readonly<Record<string, unknown>>;
  readonly newClientIdOnReRegistration?: boolean;
  readonly acceptAnyRedirectUri?: boolean;
  readonly registrationErrorStatus?: number;
  readonly httpsOnlyRedirects?: boolean;
  // authorization and tokens
  readonly omitRefreshToken?: boolean;
  readonly mangleState?: boolean;
  readonly omitIss?: boolean;
  readonly openRedirect?: boolean;
  readonly strictLoopbackPort?: boolean;
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
  // MCP transport
  readonly initializeError?: boolean;
  readonly emptyToolList?: boolean;
  readonly omitToolContent?: boolean;
  readonly omitWwwAuthenticate?: boolean;
  readonly acceptGarbageTokens?: boolean;
  readonly expiredTokensAccepted?: boolean;
  readonly foreignTokenStatus?: number;
  readonly streamBeforeAuth?: boolean;
  readonly streamStatus?: number;
  readonly unknownMethodHttpStatus?: number;
  readonly ignoreProtocolVersion?: boolean;
  readonly notificationStatus?: number;
  readonly ignoreOrigin?: boolean;
  /** Breaks one rule of the 2026-07-28 era (fake/modern-mcp.ts). */
  readonly modernFault?: ModernFault;
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
  // revocation
  readonly revocationIgnored?: boolean;
  readonly revokeRefreshKeepsAccess?: boolean;
  readonly revokeUnknownStatus?: number;
}

/** One way to get revision 2026-07-28 wrong. */
export type ModernFault =
  | 'no-discover'
  | 'no-result-type'
  | 'no-server-info'
  | 'no-cache-hints'
  | 'envelope-unchecked'
  | 'name-header-unchecked'
  | 'name-header-not-decoded'
  | 'any-version'
  | 'unknown-method-200';
