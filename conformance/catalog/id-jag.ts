import type { Check } from '../check.js';
import { idJagAlgNoneRefused } from '../checks/id-jag/id-jag-alg-none-refused.js';
import { idJagAudienceArrayRefused } from '../checks/id-jag/id-jag-audience-array-refused.js';
import { idJagAudienceRefused } from '../checks/id-jag/id-jag-audience-refused.js';
import { idJagClaimsMalformedRefused } from '../checks/id-jag/id-jag-claims-malformed-refused.js';
import { idJagClientIdRefused } from '../checks/id-jag/id-jag-client-id-refused.js';
import { idJagExpiredRefused } from '../checks/id-jag/id-jag-expired-refused.js';
import { idJagGrantAccepted } from '../checks/id-jag/id-jag-grant-accepted.js';
import { idJagIatFutureRefused } from '../checks/id-jag/id-jag-iat-future-refused.js';
import { idJagIssuerRefused } from '../checks/id-jag/id-jag-issuer-refused.js';
import { idJagJtiReplayRefused } from '../checks/id-jag/id-jag-jti-replay-refused.js';
import { idJagLongLivedRefused } from '../checks/id-jag/id-jag-long-lived-refused.js';
import { idJagNoRefreshToken } from '../checks/id-jag/id-jag-no-refresh-token.js';
import { idJagResourceRefused } from '../checks/id-jag/id-jag-resource-refused.js';
import { idJagScopeRefused } from '../checks/id-jag/id-jag-scope-refused.js';
import { idJagSymmetricRefused } from '../checks/id-jag/id-jag-symmetric-refused.js';
import { idJagTypRefused } from '../checks/id-jag/id-jag-typ-refused.js';
import { idJagUnknownKeyRefused } from '../checks/id-jag/id-jag-unknown-key-refused.js';
import { idJagUnknownPersonRefused } from '../checks/id-jag/id-jag-unknown-person-refused.js';

/**
 * Enterprise-managed authorization (issue 45): for a deployment that lists the ID-JAG profile, a
 * run given the identity provider's key redeems a valid ID-JAG, then breaks each rule once.
 * Their tokens are the person's own, so they run before the rate limits and revocation.
 */
export const ID_JAG: readonly Check[] = [
  idJagGrantAccepted,
  idJagNoRefreshToken,
  idJagJtiReplayRefused,
  idJagTypRefused,
  idJagAlgNoneRefused,
  idJagSymmetricRefused,
  idJagUnknownKeyRefused,
  idJagIssuerRefused,
  idJagAudienceRefused,
  idJagAudienceArrayRefused,
  idJagClientIdRefused,
  idJagExpiredRefused,
  idJagLongLivedRefused,
  idJagIatFutureRefused,
  idJagResourceRefused,
  idJagScopeRefused,
  idJagClaimsMalformedRefused,
  idJagUnknownPersonRefused,
];
