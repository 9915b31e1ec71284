import type { Check } from '../check.js';
import { registrationRateLimit } from '../checks/registration/registration-rate-limit.js';

/** The registration limit comes last: it leaves this machine unable to register for a while. */
export const LAST: readonly Check[] = [
  registrationRateLimit,
];
