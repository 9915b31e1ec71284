import type { FaultCase } from './fault-cases.js';

const SMALL_REGISTER_LIMIT = { fake: { limit: 3, windowMs: 2000 }, runner: { limit: 3, windowSeconds: 2 } };

/**
 * The wrong deployments of the checks written for issue 41's demonstrated survivors (item 5): each
 * breaks the branch a mutant of our server broke unseen, and is caught by the check named.
 */
export const DEMONSTRATED_FAULT_CASES: readonly FaultCase[] = [
  {
    check: 'registration-budget-per-address',
    group: 'registration',
    deployment: 'listens on :: and keys an IPv4-mapped client address by its IPv6 /64, so every IPv4 client shares one registration budget',
    fake: { dualStack: true, faults: { mappedAddressesKeyedAsIpv6: true }, registerRateLimit: SMALL_REGISTER_LIMIT.fake },
    run: { includeRegisterLimit: true, registerRateLimit: SMALL_REGISTER_LIMIT.runner },
    reason: /after 127\.0\.0\.1 was refused at registration \d \(429\), a registration from 127\.0\.0\.2 was refused too \(429, Retry-After \d\), and again after a whole window \(2 s\): the registration budget is not counted per client IP address/,
  },
  {
    check: 'connected-apps-page',
    group: 'authorization',
    deployment: 'fails with HTTP 500 on the connected-apps page for a visitor without a session',
    fake: { faults: { connectedAppsAnonymousServerError: true } },
    reason: /GET http:\/\/127\.0\.0\.1:\d+\/account\/apps without a session answered HTTP 500.*, not a sign-in page/,
  },
  {
    check: 'mcp-app-views-listed',
    group: 'mcp',
    deployment: 'answers resources/list with an empty list though a tool names its view',
    fake: { faults: { mcpAppFault: 'views-unlisted' } },
    reason: /2025-11-25: resources\/list \(0 resources\) leaves out ui:\/\/fake-survey-mcp\/survey-results\.html, which a tool names in _meta\.ui\.resourceUri/,
  },
  {
    check: 'sso-only-password-refused',
    group: 'authorization',
    deployment: 'signs an account of single sign-on only in through the password form, whatever the password',
    fake: { faults: { ssoOnlyPasswordAccepted: true } },
    reason: /the password form signed in sso-only@example\.com, an account of single sign-on only, with a made-up password: a code was issued/,
  },
  {
    check: 'sign-in-account-budget',
    group: 'authorization',
    deployment: 'keeps no per-account budget of wrong passwords',
    fake: { faults: { noSignInAccountLimit: true } },
    reason: /6 wrong passwords for alice@example\.com, all from one address, were judged within [\d.]+ s \(the last: HTTP 200\); the deployment documents a per-account budget of 5 per 15 s/,
  },
];
