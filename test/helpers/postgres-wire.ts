import { CuttableProxy } from '../scale-out/proxies.js';

/**
 * A TCP proxy in front of PostgreSQL that counts round trips: every simple Query ('Q') and every
 * Sync ('S', the end of one extended-protocol exchange) a client sends waits for the server's
 * ReadyForQuery before that client can go on. It reads the wire, so it sees whatever the store
 * sends, however the store builds it.
 */
export class PostgresWireCounter {
  /** Round trips seen since the proxy started (or since the last `reset`). */
  roundTrips = 0;
  readonly #proxy: CuttableProxy;

  constructor(target: { host: string; port: number }) {
    this.#proxy = new CuttableProxy(target, () => this.#frontendReader());
  }

  async start(): Promise<number> {
    await this.#proxy.restore();
    return this.#proxy.port;
  }

  reset(): void {
    this.roundTrips = 0;
  }

  close(): Promise<void> {
    return this.#proxy.cut();
  }

  /**
   * Splits one connection's client bytes into messages: the first (the startup message) has no
   * type byte, every later one is a type byte and a 32-bit length that counts itself.
   */
  #frontendReader(): (chunk: Buffer) => void {
    let pending = Buffer.alloc(0);
    let started = false;
    return (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        const header = started ? 5 : 4;
        if (pending.length < header) return;
        const length = pending.readInt32BE(started ? 1 : 0) + (started ? 1 : 0);
        if (pending.length < length) return;
        if (started && (pending[0] === 0x51 || pending[0] === 0x53)) this.roundTrips++;
        started = true;
        pending = pending.subarray(length);
      }
    };
  }
}
