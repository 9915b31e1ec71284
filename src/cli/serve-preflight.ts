import { createServer } from 'node:net';
import type { ServerConfig } from '../config.js';
import { checkRateStoreLocation, isRedisUrl, openSlidingLog } from '../limits/open.js';
import { portInUse } from '../server.js';
import { ExitError, usageError } from './errors.js';

/**
 * What can stop `serve` from starting and is not the store itself (the host, the ports, Redis), checked before the store is
 * opened (which may create a SQLite file): a failed start leaves nothing behind.
 */
export async function checkServeCanStart(config: ServerConfig): Promise<void> {
  if (config.rateStore) checkRateStoreLocation(config.rateStore);
  for (const port of new Set([config.port, config.authPort])) await checkListen(config.host, port);
  if (config.rateStore && isRedisUrl(config.rateStore)) await checkRedisAnswers(config.rateStore);
}

/**
 * Binds a throwaway listener where a real one will listen: the same host resolution, address and
 * port checks it meets. A port taken between this probe and the start still fails the start.
 */
async function checkListen(host: string, port: number): Promise<void> {
  const probe = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen(port, host, resolve);
    });
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    const fix = 'give an address of this machine: 127.0.0.1 or ::1 (this machine only), or 0.0.0.0 or :: (every interface)';
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') throw usageError(`--host '${host}' cannot be resolved (${code}): ${fix}`);
    if (code === 'EADDRNOTAVAIL') throw usageError(`--host '${host}' is not an address of this machine (EADDRNOTAVAIL): ${fix}`);
    if (code === 'EADDRINUSE') throw new ExitError(portInUse(host, port));
    throw error;
  } finally {
    await new Promise<void>((resolve) => (probe.listening ? probe.close(() => resolve()) : resolve()));
  }
}

/** One request to Redis now, so that an unreachable server fails the start before any file exists. */
async function checkRedisAnswers(url: string): Promise<void> {
  const log = await openSlidingLog(url);
  try {
    await log.consume('startup-probe', { limit: 1, windowMs: 1000 });
  } finally {
    await log.close();
  }
}
