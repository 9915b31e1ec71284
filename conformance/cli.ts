import type { Command } from 'commander';
import {
  DEFAULT_FORBIDDEN_SURVEY_ID,
  DEFAULT_MCP_IN_FLIGHT,
  DEFAULT_REFRESH_GRACE_SECONDS,
  DEFAULT_TIMEOUT_MS,
  PROTOCOL_CHOICES,
  SPEC_MCP_RATE_LIMIT,
  SPEC_REGISTER_RATE_LIMIT,
  type RateLimit,
} from './options.js';
import { DEFAULT_BASELINE_MAX_AGE_DAYS } from './baseline.js';

/** The flags as commander hands them over (all strings or booleans). */
export interface ConformanceFlags {
  readonly url?: string;
  readonly user?: string;
  readonly password?: string;
  readonly browser?: boolean;
  readonly sso?: boolean;
  readonly foreignToken?: string;
  readonly forbiddenSurveyId?: string;
  readonly viewerSurveyId?: string;
  readonly mcpRateLimit?: string;
  readonly registerRateLimit?: string;
  readonly mcpInFlight?: string;
  readonly only?: string;
  readonly skip?: string;
  readonly list?: boolean;
  readonly requirements?: boolean;
  readonly protocol?: string;
  readonly json?: string;
  readonly junit?: string;
  readonly html?: string;
  readonly sarif?: string;
  readonly sarifAnchor?: string;
  readonly baseline?: string;
  readonly baselineMaxAge?: string;
  readonly includeRegisterLimit?: boolean;
  readonly timeout?: string;
  readonly clientMetadataUrl?: string;
  readonly badClientMetadataUrl?: string;
  readonly connectedAppsUrl?: string;
  readonly secondClientAddress?: string;
  readonly ssoOnlyEmail?: string;
  readonly signInAccountLimit?: string;
  /** Given once per document. */
  readonly clientMetadataJwtUrl?: readonly string[];
  readonly clientMetadataJwtKey?: string;
  readonly idJagKey?: string;
  readonly idJagIssuer?: string;
  readonly idJagSubject?: string;
  readonly refreshGrace?: string;
  readonly failFast?: boolean;
}

const formatRate = (rate: RateLimit): string => `${rate.limit}/${rate.windowSeconds}`;

/** Declares the flags of `survey-mcp conformance` on `command`. */
export function addConformanceOptions(command: Command): Command {
  return command
    .option('--url <url>', "the deployment's MCP host, {base_url} (e.g. https://staging.example)")
    .option('--user <email>', 'sign in headless as this person (default: $SURVEY_MCP_USER)')
    .option('--password <password>', 'their password (default: $SURVEY_MCP_PASSWORD)')
    .option('--browser', 'sign in yourself in the system browser instead (single sign-on)')
    .option('--sso', "with --user/--password: sign in headless through the deployment's single sign-on button, at the OpenID provider's login form")
    .option('--foreign-token <token>', 'a valid token of another platform service, for the 403 check')
    .option('--forbidden-survey-id <id>', `a survey the person may not open (default: the demo's ${DEFAULT_FORBIDDEN_SURVEY_ID}, skipped where it does not exist)`)
    .option('--viewer-survey-id <id>', 'a survey the person may open only as viewer: get_survey answers it, list_responses is refused as not authorized (not checked without it; asserts the role rule of the deployment itself, that a viewer cannot read responses, which contract section 5.5 rule 3 leaves to the platform)')
    .option('--mcp-rate-limit <N/S>', 'the MCP budget the deployment is configured with', formatRate(SPEC_MCP_RATE_LIMIT))
    .option(
      '--register-rate-limit <N/S>',
      'the registration budget the deployment is configured with',
      formatRate(SPEC_REGISTER_RATE_LIMIT),
    )
    .option(
      '--mcp-in-flight <n>',
      "the requests of one person the deployment runs at once: in-flight-limit-429 holds this many open and sends one more, whose refusal must be the contract's 429 (skipped where none is refused)",
      String(DEFAULT_MCP_IN_FLIGHT),
    )
    .option('--only <checks>', 'comma-separated check ids, case ids or families (the id before @), or groups to run; invariant ids (or invariants) choose which invariants judge the run (named alone, every check runs)')
    .option('--skip <checks>', 'comma-separated check ids, case ids or families, groups, or invariant ids (or invariants) to leave out')
    .option('--protocol <era>', `MCP revision to check: ${PROTOCOL_CHOICES.join(', ')} (default auto: every era the deployment offers, found with server/discover)`)
    .option('--list', 'print every check with its era and spec section, and run nothing')
    .option('--requirements', 'with --list: print every requirement and the checks that prove it')
    .option('--json <file>', 'also write the report, with evidence, as JSON (with --list --requirements: the manifest, each rule with its branches)')
    .option('--junit <file>', 'also write the report as JUnit XML for CI')
    .option('--html <file>', 'also write the report as one self-contained HTML page, failures with their evidence')
    .option('--sarif <file>', 'also write the failures and warnings as SARIF 2.1.0, for GitHub code scanning and other dashboards')
    .option('--sarif-anchor <path>', "the repository file SARIF results point at (GitHub needs one; default: the running GitHub Actions workflow's file, else the deployment's URL)")
    .option('--baseline <file>', 'an earlier --json report of this deployment: failures already failing there are reported as known and do not fail the run; new ones do')
    .option('--baseline-max-age <days>', 'a known failure fails the run again once it has been failing this many days (counted from the first baseline that had it)', String(DEFAULT_BASELINE_MAX_AGE_DAYS))
    .option('--include-register-limit', "also check the registration limit (spends this machine's budget)")
    .option('--timeout <ms>', 'timeout of each HTTP request in milliseconds', String(DEFAULT_TIMEOUT_MS))
    .option('--client-metadata-url <url>', "a client metadata document you host, listing the runner's redirect URI: authorize with it as client_id")
    .option('--bad-client-metadata-url <url>', "a document whose client_id differs from its URL: the deployment must refuse it")
    .option('--connected-apps-url <url>', "the person's connected-apps page on the auth host: signed in, it must list the runner's client")
    .option(
      '--second-client-address <address>',
      "another IP address of this machine to send from (for IPv6, in another /64): with --include-register-limit, a registration from it must be admitted once the usual address spent its budget (a deployment on 127.0.0.1 needs none: the runner sends from 127.0.0.2)",
    )
    .option('--sso-only-email <email>', 'an account of the deployment that signs in with single sign-on only: the password form must refuse it whatever the password')
    .option(
      '--sign-in-account-limit <N/S>',
      'the per-account sign-in budget the deployment documents (wrong passwords for one account over all addresses): checks it with wrong passwords for --user from one address, which locks that account out of new browsers for up to S seconds',
    )
    .option(
      '--client-metadata-jwt-url <url>',
      "a private_key_jwt client's metadata document you host (the runner's redirect URI, the key): checks its assertions where the deployment lists private_key_jwt; give it twice, one document with jwks_uri and one with jwks inline, to check both",
      (url: string, earlier: readonly string[] = []) => [...earlier, url],
    )
    .option('--client-metadata-jwt-key <file>', 'the private JWK (JSON, with kid and alg) of the key those documents publish, to sign their assertions')
    .option(
      '--refresh-grace <seconds>',
      `the deployment's refresh grace: when it answers a spent refresh token as a retry, the replay checks wait this long before presenting it again (default ${DEFAULT_REFRESH_GRACE_SECONDS}); given above 0, a deployment that refuses the retry at once fails the grace checks instead of skipping them`,
    )
    .option('--id-jag-key <file>', "an identity provider's private signing key (a JWK with kid and alg) the deployment trusts for ID-JAGs: the id-jag checks sign as it")
    .option('--id-jag-issuer <url>', 'with --id-jag-key: that identity provider\'s issuer (the deployment\'s --sso-issuer)')
    .option('--id-jag-subject <sub>', "with --id-jag-key: the person's sub at the provider (default: the --user email)")
    .option('--fail-fast', 'stop at the first failed check (the reports hold the checks run up to it): for a CI that needs only pass or fail')
    .addHelpText('after', EXIT_CODES);
}

const EXIT_CODES = `
Exit codes:
  0  every MUST passed (warnings allowed), or with --baseline every failure is
     known there and younger than --baseline-max-age
  1  a check failed: the deployment broke a rule (checks blocked by that
     failure, reported BLOCKED, are not judged and do not count), or a MUST
     invariant judged over every exchange of the run did
  2  bad usage, or a setup error before any check was judged: the URL cannot be
     reached or is not an MCP deployment, the sign-in failed, --foreign-token
     is expired or unknown there, a report file cannot be written (the --json
     and --junit reports record it as such)`;
