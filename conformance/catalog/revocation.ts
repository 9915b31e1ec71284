import type { Check } from '../check.js';
import { revokeOtherClientsTokenIgnored } from '../checks/revocation/revoke-other-clients-token-ignored.js';
import { revokeUnknownToken200 } from '../checks/revocation/revoke-unknown-token-200.js';
import { revokedAccessToken401 } from '../checks/revocation/revoked-access-token-401.js';
import { revokedRefreshTokenSignsOut } from '../checks/revocation/revoked-refresh-token-signs-out.js';

/** Revocation: it ends the session's tokens, so it runs after the rate limits. */
export const REVOCATION: readonly Check[] = [
  revokedAccessToken401,
  revokedRefreshTokenSignsOut,
  revokeUnknownToken200,
  revokeOtherClientsTokenIgnored,
];
