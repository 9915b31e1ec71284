import { describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../store/errors.js';
import { PendingExchanges, closingAnswer, outagesHandedOver } from './pending-exchanges.js';

describe('PendingExchanges', () => {
  it('settles each exchange with the answer sent under its own process-unique id', async () => {
    const pending = new PendingExchanges<string>();
    const ids: number[] = [];
    const first = pending.open((id) => ids.push(id));
    const second = pending.open((id) => ids.push(id));
    pending.settle(ids[1]!, 'second');
    pending.settle(ids[0]!, 'first');
    expect(ids[0]).not.toBe(ids[1]);
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
  });

  it('ends a failed exchange with the error itself and drops the answer that follows', async () => {
    const pending = new PendingExchanges<string>();
    let id = 0;
    const exchange = pending.open((given) => (id = given));
    const outage = new StoreUnavailableError('store unavailable: db (ECONNRESET)');
    pending.fail(id, outage);
    pending.settle(id, 'too late');
    await expect(exchange).rejects.toBe(outage);
  });

  it('answers every exchange still waiting when the server closes', async () => {
    const pending = new PendingExchanges<unknown>();
    const exchange = pending.open(() => {});
    pending.settleAll(closingAnswer);
    expect(await exchange).toMatchObject({ error: { code: -32603, message: expect.stringContaining('closed before answering') } });
  });
});

describe('outagesHandedOver', () => {
  it('hands a store outage to the transport as the error it is, and rethrows it', async () => {
    const failed: unknown[] = [];
    const outage = new StoreUnavailableError('store unavailable: db (ECONNRESET)');
    await expect(outagesHandedOver({ fail: (_id, error) => failed.push(error) }, 7, Promise.reject(outage))).rejects.toBe(outage);
    expect(failed).toEqual([outage]);
  });

  it('leaves every other error to the server, which answers it in JSON-RPC', async () => {
    const failed: unknown[] = [];
    await expect(outagesHandedOver({ fail: (_id, error) => failed.push(error) }, 7, Promise.reject(new Error('bad')))).rejects.toThrow('bad');
    expect(failed).toEqual([]);
  });
});
