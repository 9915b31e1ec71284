import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { RateStoreUnavailableError, UnsupportedRateStoreError, redactUrl } from './errors.js';
import type { RateDecision, RateRule, SlidingLog } from './limiter.js';
import { ADMITTED, assertCount, assertNow, assertRule, decide } from './sliding-log.js';

export interface RedisSlidingLogOptions {
  /** Prepended to every key; default `survey-mcp:rate:`. */
  readonly keyPrefix?: string;
  /** How long a request waits for a connection being opened; default 1000 ms. */
  readonly connectTimeoutMs?: number;
  /**
   * How long a request waits for Redis's answer; default 1000 ms. Counted so that time our own
   * event loop spent busy does not make Redis look down (`answerWithin`).
   */
  readonly commandTimeoutMs?: number;
}

/**
 * One sorted set per key, member = a unique id per admitted request, score = its time in ms.
 * ARGV: limit, windowMs, nowMs ('' = use Redis's own clock), unique member suffix, count.
 * Returns {1} when admitted (count members added), {0, score of the member whose leaving makes
 * room for count, now} when refused (nothing added).
 * Scripts run atomically, so concurrent clients never admit more than the limit. Since Redis 5
 * scripts replicate by effects, so reading TIME before writing is allowed.
 */
const CONSUME_LUA = `
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
if not now then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local adding = tonumber(ARGV[5])
if count + adding <= limit then
  for i = 1, adding do
    redis.call('ZADD', key, now, now .. ':' .. ARGV[4] .. ':' .. i)
  end
  redis.call('PEXPIRE', key, math.ceil(window))
  return {1}
end
local blocking = redis.call('ZRANGE', key, count + adding - 1 - limit, count + adding - 1 - limit, 'WITHSCORES')
return {0, blocking[2], now}
`;

type ConsumeReply = [1] | [0, string, number];

interface SlidingLogCommands {
  surveyMcpSlidingLogConsume(
    key: string,
    limit: number,
    windowMs: number,
    nowMs: string,
    member: string,
    count: number,
  ): Promise<ConsumeReply>;
}

/**
 * The exact sliding log in Redis (one Lua script per request; EVALSHA via `defineCommand`).
 *
 * Without `nowMs` the script reads Redis's clock, so every instance of the server agrees on
 * time; with `nowMs` (tests, simulations) that time is used. Don't mix both on one key.
 *
 * Failure behaviour: requests are never queued while disconnected. A request made while Redis
 * is known to be down rejects at once with `rate store unavailable: redis://… (ECONNREFUSED)`;
 * one made while a connection is being opened waits at most `connectTimeoutMs`; one in flight
 * when the connection drops rejects at once (it is not resent: it may already have been logged),
 * and one Redis does not answer rejects after `commandTimeoutMs`. The client keeps reconnecting
 * in the background (backing off to once a second), so service resumes by itself.
 */
export class RedisSlidingLog implements SlidingLog {
  /** The URL with its password masked: safe for messages and logs. */
  readonly store: string;
  readonly #client: Redis & SlidingLogCommands;
  readonly #keyPrefix: string;
  readonly #connectTimeoutMs: number;
  readonly #commandTimeoutMs: number;
  readonly #memberPrefix = randomBytes(6).toString('base64url');
  #counter = 0;
  /** The last connection error since the connection was last ready. */
  #down: Error | undefined;
  #closed = false;
  #ready: Promise<void> | undefined;

  constructor(url: string, options: RedisSlidingLogOptions = {}) {
    this.store = redactUrl(url);
    // Checked here because URL's own error would carry the whole input, password included.
    if (!URL.canParse(url)) throw new UnsupportedRateStoreError(this.store, 'not a valid URL');
    this.#keyPrefix = options.keyPrefix ?? 'survey-mcp:rate:';
    this.#connectTimeoutMs = options.connectTimeoutMs ?? 1000;
    this.#commandTimeoutMs = options.commandTimeoutMs ?? 1000;
    // No `commandTimeout`: ioredis's own timer reads a reply held up by our busy loop as a
    // timeout (answerWithin).
    const client = new Redis(url, {
      connectTimeout: this.#connectTimeoutMs,
      // Fail rather than queue: a rate check that waits for Redis to come back holds the request.
      enableOfflineQueue: false,
      // In-flight commands reject as soon as the connection drops, and are not resent: the
      // script may already have run, and running it twice would log one request twice.
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      // Never give up reconnecting: 100, 200, 400, 800 ms, then every second.
      retryStrategy: (attempt) => Math.min(50 * 2 ** Math.min(attempt, 5), 1000),
    });
    client.defineCommand('surveyMcpSlidingLogConsume', { numberOfKeys: 1, lua: CONSUME_LUA });
    // Listening also keeps ioredis from printing "Unhandled error event" on every retry.
    client.on('error', (error: Error) => {
      this.#down = error;
    });
    client.on('ready', () => {
      this.#down = undefined;
    });
    this.#client = client as Redis & SlidingLogCommands;
  }

  async consume(key: string, rule: RateRule, nowMs?: number, count = 1): Promise<RateDecision> {
    assertRule(rule);
    assertCount(count, rule);
    if (nowMs !== undefined) assertNow(nowMs);
    await this.#whenReady();
    this.#counter = (this.#counter + 1) % Number.MAX_SAFE_INTEGER;
    let reply: ConsumeReply;
    try {
      reply = await answerWithin(
        this.#client.surveyMcpSlidingLogConsume(
          this.#keyPrefix + key,
          rule.limit,
          rule.windowMs,
          nowMs === undefined ? '' : String(nowMs),
          `${this.#memberPrefix}:${this.#counter}`,
          count,
        ),
        this.#commandTimeoutMs,
      );
    } catch (error) {
      throw this.#unavailable(error);
    }
    if (reply[0] === 1) return ADMITTED;
    return decide(Number(reply[1]), rule, nowMs ?? reply[2]);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#client.status === 'ready') {
      try {
        await this.#client.quit();
        return;
      } catch {
        // Fall through: drop the connection instead.
      }
    }
    this.#client.disconnect();
  }

  /** Resolves when a command may be sent; rejects at once when Redis is known to be down. */
  #whenReady(): Promise<void> {
    if (this.#closed) return Promise.reject(new RateStoreUnavailableError(this.store, 'closed'));
    const client = this.#client;
    if (client.status === 'ready') return Promise.resolve();
    if (this.#down) return Promise.reject(this.#unavailable(this.#down));
    if (client.status === 'end') return Promise.reject(new RateStoreUnavailableError(this.store, 'closed'));
    // Connecting (the first time, or again after a clean close): one shared wait, bounded.
    this.#ready ??= new Promise<void>((resolve, reject) => {
      const settle = (error?: Error): void => {
        clearTimeout(timer);
        client.off('ready', onReady).off('error', onError).off('end', onEnd);
        this.#ready = undefined;
        if (error) reject(error);
        else resolve();
      };
      const onReady = (): void => settle();
      const onError = (error: Error): void => settle(this.#unavailable(error));
      const onEnd = (): void => settle(new RateStoreUnavailableError(this.store, 'closed'));
      const timer = setTimeout(
        () => settle(new RateStoreUnavailableError(this.store, 'connect timeout')),
        this.#connectTimeoutMs,
      );
      client.on('ready', onReady).on('error', onError).on('end', onEnd);
    });
    return this.#ready;
  }

  #unavailable(error: unknown): RateStoreUnavailableError {
    if (error instanceof RateStoreUnavailableError) return error;
    return new RateStoreUnavailableError(this.store, reasonOf(error, this.#down), { cause: error });
  }
}

/**
 * `command`, or a timeout once `ms` have passed and Redis has still not answered. When our event
 * loop was blocked (a heavy request), the timer and the reply that came meanwhile are both due
 * at once, and timers run before the poll that reads sockets: so the timer only looks again
 * after one poll (setImmediate), and a reply waiting in the socket wins. A busy process is then
 * not read as a store outage; a Redis that does not answer still is, after `ms`.
 */
function answerWithin<T>(command: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const settle = (finish: () => void): void => {
      clearTimeout(timer);
      if (settled) return;
      settled = true;
      finish();
    };
    const timer = setTimeout(() => setImmediate(() => settle(() => reject(new Error('Command timed out')))), ms);
    command.then(
      (value) => settle(() => resolve(value)),
      (error: unknown) => settle(() => reject(error)),
    );
  });
}

/** A short, secret-free reason: an errno code, a Redis error word, or what happened. */
function reasonOf(error: unknown, down: Error | undefined): string {
  if (!(error instanceof Error)) return 'unknown error';
  const code = (error as NodeJS.ErrnoException).code;
  if (typeof code === 'string' && code !== '') return code;
  if (error.name === 'ReplyError') return /^[A-Z]+/.exec(error.message)?.[0] ?? 'error reply';
  if (error.name === 'MaxRetriesPerRequestError') return 'connection lost';
  if (error.message === 'Command timed out') return 'ETIMEDOUT';
  // Raced with a disconnect between our readiness check and the send.
  if (error.message.startsWith("Stream isn't writeable")) {
    return down && down !== error ? reasonOf(down, undefined) : 'not connected';
  }
  if (error.message === 'Connection is closed.') return 'connection lost';
  return error.message;
}

/** Opens the sliding log on the Redis server at `url` (`redis://` or `rediss://`). */
export function openRedisSlidingLog(url: string, options?: RedisSlidingLogOptions): RedisSlidingLog {
  return new RedisSlidingLog(url, options);
}
