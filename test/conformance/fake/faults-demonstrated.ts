import type { FakeUser } from './state.js';

/**
 * Faults for the checks written for issue 41's demonstrated survivors: each breaks one branch the
 * way a mutant of our server that no check caught broke it.
 */
export interface DemonstratedFaults {
  /** Keys registrations by the IPv6 /64 of an IPv4-mapped address, so every IPv4 client of a `::` listener shares one budget. */
  readonly mappedAddressesKeyedAsIpv6?: boolean;
  /** Fails with HTTP 500 on the connected-apps page for a visitor without a session (no SSO configured). */
  readonly connectedAppsAnonymousServerError?: boolean;
  /** Signs the single-sign-on-only account in through the password form, whatever the password. */
  readonly ssoOnlyPasswordAccepted?: boolean;
  /** Keeps no per-account budget of wrong passwords: one account may be guessed at without end. */
  readonly noSignInAccountLimit?: boolean;
}

/** The account a password sign-in signs in, if any: never an account of single sign-on alone, unless the fault lets any password in. */
export function passwordAccount(users: readonly FakeUser[], email: unknown, password: unknown, faults: DemonstratedFaults): FakeUser | undefined {
  const account = users.find((user) => user.email === email);
  if (!account) return undefined;
  if (account.password === '') return faults.ssoOnlyPasswordAccepted ? account : undefined;
  return account.password === password ? account : undefined;
}

/** The registration budget's key for a caller: its address, or under the fault, the /64 a mapped address shares with every IPv4 client. */
export function registrationKey(address: string | undefined, faults: DemonstratedFaults): string {
  if (address === undefined) return 'unknown';
  return faults.mappedAddressesKeyedAsIpv6 && /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? '0:0:0:0::/64' : address;
}
