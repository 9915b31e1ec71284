import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';

/** How long a command may wait for Redis: an `initialize` or a call is never held up longer. */
const commandTimeoutMs = 1000;

/** The command's answer, or a rejection once Redis has not answered in time (down or reconnecting). */
function within<T>(command: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`redis: no answer within ${commandTimeoutMs} ms`)), commandTimeoutMs);
  });
  return Promise.race([command, late]).finally(() => clearTimeout(timer));
}

export interface RedisElicitationShareOptions {
  /** Prepended to every key and to the answers channel; default `survey-mcp:elicitation:`. */
  readonly keyPrefix?: string;
}

/**
 * The elicitation share of several instances (mcp/elicitation/share.ts): what each client declared
 * at `initialize` as a key with an expiry, and people's answers on one pub/sub channel every
 * instance hears (answers are rare: a person's click each). A second connection subscribes,
 * since a subscribed connection runs no other command. While Redis is down, `declared` rejects
 * and the caller gives the person the confirmation-token flow instead.
 */
export class RedisElicitationShare {
  readonly #client: Redis;
  readonly #subscriber: Redis;
  readonly #prefix: string;
  readonly #channel: string;

  constructor(url: string, options: RedisElicitationShareOptions = {}) {
    this.#prefix = options.keyPrefix ?? 'survey-mcp:elicitation:';
    this.#channel = `${this.#prefix}answers`;
    const settings = { connectTimeout: 1000, maxRetriesPerRequest: 1, retryStrategy: (attempt: number) => Math.min(50 * 2 ** Math.min(attempt, 5), 1000) };
    this.#client = new Redis(url, settings);
    this.#subscriber = new Redis(url, settings);
    // Listening keeps ioredis from printing "Unhandled error event" on every retry; a failed command says why.
    for (const connection of [this.#client, this.#subscriber]) connection.on('error', () => {});
  }

  async rememberDeclared(key: string, declared: boolean, ttlMs: number): Promise<void> {
    await within(this.#client.set(this.#keyOf(key), declared ? '1' : '0', 'PX', Math.max(1, Math.round(ttlMs))));
  }

  async declared(key: string): Promise<boolean> {
    return (await within(this.#client.get(this.#keyOf(key)))) === '1';
  }

  async publish(route: string, payload: string): Promise<void> {
    await within(this.#client.publish(this.#channel, JSON.stringify([route, payload])));
  }

  async listen(hear: (route: string, payload: string) => void): Promise<void> {
    this.#subscriber.on('message', (channel: string, message: string) => {
      if (channel !== this.#channel) return;
      const [route, payload] = JSON.parse(message) as [string, string];
      hear(route, payload);
    });
    await this.#subscriber.subscribe(this.#channel);
  }

  async close(): Promise<void> {
    await Promise.all([this.#client, this.#subscriber].map((connection) => connection.quit().catch(() => connection.disconnect())));
  }

  /** A client id may be a long URL: the key holds a digest of person and client. */
  #keyOf(key: string): string {
    return `${this.#prefix}declared:${createHash('sha256').update(key).digest('base64url')}`;
  }
}
