import { isIPv4 } from 'node:net';
import { type Check, fail, notVerified, skip } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { RequestFailed, retryAfterSeconds, type Exchange } from '../../http.js';
import { waitWithProgress } from '../../progress.js';
import { describeResponse } from '../../expect.js';
import { register, registrationRequest } from '../../client.js';
import { DEFAULT_REDIRECT_URI } from '../../sign-in.js';
import { spendableRegisterBudget } from './registration-rate-limit.js';

/** Where the check sends from: the address whose budget it spends (the system's pick when undefined) and another. */
interface Sources {
  readonly spent: string | undefined;
  readonly other: string;
}

/**
 * A second source needs no flag on a loopback deployment: Linux routes all of 127/8 to lo, so
 * 127.0.0.2 reaches a server on 127.0.0.1 (or on `::`, as ::ffff:127.0.0.2) as another client.
 */
function sourcesFor(endpoint: string, secondClientAddress: string | undefined): Sources | undefined {
  if (secondClientAddress !== undefined) return { spent: undefined, other: secondClientAddress };
  const host = new URL(endpoint).hostname;
  if (host !== 'localhost' && !(isIPv4(host) && host.startsWith('127.'))) return undefined;
  return { spent: '127.0.0.1', other: host === '127.0.0.2' ? '127.0.0.3' : '127.0.0.2' };
}

const from = (address: string | undefined): string => address ?? "this machine's usual address";

export const registrationBudgetPerAddress: Check = {
  id: 'registration-budget-per-address',
  group: 'registration',
  title: 'The registration budget is counted per client IP address: once one address spent it, another is still admitted',
  spec: 'section 8 (POST /register: counted per client IP address)',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const rate = spendableRegisterBudget(ctx);
    const endpoint = ctx.target.registrationEndpoint;
    const sources = sourcesFor(endpoint, ctx.settings.secondClientAddress);
    if (!sources) {
      notVerified(`needs a second source address: ${new URL(endpoint).hostname} is neither localhost nor a 127.x address, which the runner reaches from 127.0.0.1 and 127.0.0.2 alike; pass --second-client-address with another address of this machine`);
    }
    const first = await otherAdmittedOnceSpent(ctx, sources);
    if (first.admitted) return first.account;
    // The other address may have spent its own budget in an earlier run: a whole quiet window, then once more.
    await waitWithProgress(ctx.progress, 'another address refused: waiting a whole registration window before trying again', (rate.windowSeconds + 1) * 1000);
    const again = await otherAdmittedOnceSpent(ctx, sources);
    if (again.admitted) return again.account;
    fail(`${again.account}, and again after a whole window (${rate.windowSeconds} s): the registration budget is not counted per client IP address`);
  },
};

/** Spends the budget of `sources.spent` to its 429, then registers once from `sources.other`. */
async function otherAdmittedOnceSpent(ctx: CheckContext, sources: Sources): Promise<{ admitted: boolean; account: string }> {
  const request = registrationRequest('survey-mcp conformance (budget per address)', [DEFAULT_REDIRECT_URI]);
  const limit = ctx.settings.registerRateLimit.limit;
  let refusedAt: number | undefined;
  for (let sent = 1; sent <= limit + 1 && refusedAt === undefined; sent += 1) {
    const exchange = await registerFrom(ctx, sources.spent, request);
    if (exchange.response.status === 429) refusedAt = sent;
    else if (exchange.response.status >= 300) fail(`registration ${sent} from ${from(sources.spent)} answered ${describeResponse(exchange)}`);
  }
  if (refusedAt === undefined) skip(`${limit + 1} registrations from ${from(sources.spent)} were all admitted: no budget to tell apart (registration-rate-limit judges the limit)`);
  const other = await registerFrom(ctx, sources.other, request);
  const spent = `${from(sources.spent)} was refused at registration ${refusedAt} (429)`;
  if (other.response.status === 429) {
    return { admitted: false, account: `after ${spent}, a registration from ${sources.other} was refused too (429, Retry-After ${retryAfterSeconds(other) ?? 'absent'})` };
  }
  if (other.response.status >= 300) fail(`after ${spent}, the registration from ${sources.other} answered ${describeResponse(other)}`);
  return { admitted: true, account: `after ${spent}, a registration from ${sources.other} was admitted (HTTP ${other.response.status})` };
}

async function registerFrom(ctx: CheckContext, localAddress: string | undefined, request: unknown): Promise<Exchange> {
  try {
    return await register(ctx.http, ctx.target.registrationEndpoint, request, localAddress);
  } catch (error) {
    // An address this machine cannot send from is the run's to fix, not the deployment's.
    if (localAddress !== undefined && error instanceof RequestFailed && /EADDRNOTAVAIL|EINVAL|ENETUNREACH|EHOSTUNREACH/.test(error.reason)) {
      notVerified(`this machine cannot send from ${localAddress} to ${ctx.target.registrationEndpoint} (${error.reason}): give --second-client-address an address of its own`);
    }
    throw error;
  }
}
