import type { Check } from '../check.js';
import { signInAccountBudget } from '../checks/authorization/sign-in-account-budget.js';
import { registrationBudgetPerAddress } from '../checks/registration/registration-budget-per-address.js';
import { registrationRateLimit } from '../checks/registration/registration-rate-limit.js';

/**
 * The sign-in budget locks the person's account out of new browsers for a while; the registration
 * limits come last: they leave this machine unable to register for a while. The budget per
 * address follows the limit, whose spending leaves it one request to make from there.
 */
export const LAST: readonly Check[] = [
  signInAccountBudget,
  registrationRateLimit,
  registrationBudgetPerAddress,
];
