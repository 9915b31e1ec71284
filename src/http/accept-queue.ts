import { readFileSync } from 'node:fs';

/**
 * Connections the kernel has completed for a listening port that the process has not accepted
 * yet, from Linux's /proc/net/tcp and tcp6 (the `rx_queue` of a LISTEN row); 0 where there is no
 * such file. Closing a listener resets every connection still in this queue, after the peer sent
 * its request: a proxy reports that as "connection reset by peer" and, for a POST, answers 502.
 */
export function pendingAccepts(port: number, tables: readonly string[] = ['/proc/net/tcp', '/proc/net/tcp6']): number {
  let pending = 0;
  for (const table of tables) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue …; LISTEN is st 0A.
      const [, local, , state, queues] = line.trim().split(/\s+/);
      if (state !== '0A' || Number.parseInt(local?.split(':')[1] ?? '', 16) !== port) continue;
      pending += Number.parseInt(queues?.split(':')[1] ?? '0', 16);
    }
  }
  return pending;
}
