/** What one client may hold of a listener: time for a request, idle time, sockets. */
export interface ConnectionLimits {
  /** The whole request, headers and body, must arrive within this (408 and close otherwise). */
  readonly requestTimeoutMs: number;
  /** The headers must arrive within this; at most `requestTimeoutMs`. */
  readonly headersTimeoutMs: number;
  /** An idle keep-alive socket closes after this. */
  readonly keepAliveTimeoutMs: number;
  /** Open sockets of one client address (an IPv6 client by its /64); more are closed at once. */
  readonly maxSocketsPerAddress: number;
}

export const defaultConnectionLimits: ConnectionLimits = {
  // A 1 MiB body at a slow 64 kB/s takes 16 s.
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  // Every socket of a reverse proxy comes from its address: raise this behind one (README).
  maxSocketsPerAddress: 256,
};
