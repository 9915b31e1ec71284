import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Why the runner made a request: a shared step of the run (`flow`: discovery, registration, the
 * main session, an `initialize`), a check's own request (`probe`), an authorization meant to be
 * refused (`negative`), or a page of the headless sign-in walk (`sign-in`).
 */
export type Purpose = 'flow' | 'probe' | 'negative' | 'sign-in';

/** What the bus knows of a request when it is sent: its purpose and the check that made it. */
export interface SendContext {
  readonly purpose: Purpose;
  readonly check?: string;
}

const active = new AsyncLocalStorage<SendContext>();

/** The purpose and check of the request being sent now; outside any, a shared step. */
export function sendContext(): SendContext {
  return active.getStore() ?? { purpose: 'flow' };
}

/** Runs `work` with its requests tagged `purpose`, keeping the check that runs it. */
export function withPurpose<T>(purpose: Purpose, work: () => Promise<T>): Promise<T> {
  const { check } = sendContext();
  return active.run({ purpose, ...(check === undefined ? {} : { check }) }, work);
}

/** Runs a check's `work`: its requests are its probes unless a step says otherwise. */
export function asCheck<T>(check: string, work: () => Promise<T>): Promise<T> {
  return active.run({ purpose: 'probe', check }, work);
}
