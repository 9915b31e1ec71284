/**
 * CPU time of the services behind a server child, read from /proc (Linux; the bench runs them on
 * loopback, so on this machine): the PostgreSQL backends of its pool, found by the pool's
 * `application_name`, and the Redis server process. Elsewhere the figures are left out.
 */
import { readFile } from 'node:fs/promises';
import { Redis } from 'ioredis';
import pg from 'pg';

export interface ServiceCpu {
  /** The server's own PostgreSQL backends. */
  readonly postgresMicros?: number;
  /** The whole Redis server: every client of it counts, other runs on the machine included. */
  readonly redisMicros?: number;
}

export interface ServiceSources {
  /** A postgres:// URL whose `application_name` the server's pool also uses. */
  readonly postgresUrl?: string;
  readonly redisUrl?: string;
}

export interface ServiceWatch {
  stop(): Promise<ServiceCpu>;
}

/** Starts counting; `stop` answers the CPU each service used since. */
export async function watchServices(sources: ServiceSources): Promise<ServiceWatch> {
  const [postgres, redis] = await Promise.all([
    sources.postgresUrl ? postgresBackends(sources.postgresUrl) : [],
    sources.redisUrl ? redisProcess(sources.redisUrl) : [],
  ]);
  const start = await Promise.all([cpuOf(postgres), cpuOf(redis)]);
  return {
    async stop() {
      const [postgresEnd, redisEnd] = await Promise.all([cpuOf(postgres), cpuOf(redis)]);
      return {
        ...(postgres.length > 0 && postgresEnd !== undefined && start[0] !== undefined && { postgresMicros: postgresEnd - start[0] }),
        ...(redis.length > 0 && redisEnd !== undefined && start[1] !== undefined && { redisMicros: redisEnd - start[1] }),
      };
    },
  };
}

async function postgresBackends(url: string): Promise<number[]> {
  const parsed = new URL(url);
  const applicationName = parsed.searchParams.get('application_name');
  if (!applicationName) throw new Error(`${parsed.origin}: no application_name to find the server's backends by`);
  parsed.search = '';
  const client = new pg.Client({ connectionString: parsed.href });
  await client.connect();
  try {
    const rows = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [applicationName]);
    return rows.rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

async function redisProcess(url: string): Promise<number[]> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
  try {
    await client.connect();
    const pid = /process_id:(\d+)/.exec(await client.info('server'))?.[1];
    return pid ? [Number(pid)] : [];
  } finally {
    client.disconnect();
  }
}

/** User + system time of the processes in µs, or undefined when /proc cannot tell (not Linux). */
async function cpuOf(pids: readonly number[]): Promise<number | undefined> {
  let total = 0;
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
    if (stat === undefined) return undefined;
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    total += (Number(fields[11]) + Number(fields[12])) * ticksToMicros;
  }
  return total;
}

/** Linux reports process times in clock ticks of 1/100 s (USER_HZ). */
const ticksToMicros = 10_000;
