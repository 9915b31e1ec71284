/**
 * The child side of a bench server. Each variant runs in its own process so that autocannon, in
 * the parent, never shares the server's event loop. The parent starts it, samples it while it is
 * under load and stops it over IPC.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChildMessage, ParentMessage } from './protocol.js';

export interface BenchServer {
  /** Where the server listens, e.g. `http://127.0.0.1:40123`. */
  readonly url: string;
  close(): Promise<void>;
}

/** Serves one variant: `start` builds it from the options the parent sends. */
export function runChild<Options>(start: (options: Options) => Promise<BenchServer>): void {
  let server: BenchServer | undefined;
  let exiting = false;
  const send = (message: ChildMessage) => process.send?.(message);
  // process.exit (not a signal) so that `--cpu-prof` gets to write its profile.
  const exit = async (code: number) => {
    if (exiting) return;
    exiting = true;
    await server?.close().catch(() => undefined);
    process.exit(code);
  };

  process.on('message', (message: ParentMessage<Options>) => {
    switch (message.type) {
      case 'start':
        start(message.options).then(
          (started) => {
            server = started;
            send({ type: 'ready', url: started.url });
          },
          (error: unknown) => {
            send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
            void exit(1);
          },
        );
        return;
      case 'sample':
        send({ type: 'sample', rssBytes: process.memoryUsage.rss(), heapUsedBytes: process.memoryUsage().heapUsed, cpuMicros: cpuMicros() });
        return;
      case 'stop':
        void exit(0);
    }
  });
  // The parent died or dropped us: never outlive it.
  process.on('disconnect', () => void exit(0));
}

function cpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** Binds a server to a free loopback port (the bench never listens elsewhere). */
export async function listenOnLoopback(server: Server): Promise<BenchServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
