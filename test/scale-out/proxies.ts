import { createServer as createHttpServer, request, type Server as HttpServer } from 'node:http';
import { createConnection, createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

const listen = (server: HttpServer | TcpServer, port = 0): Promise<number> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });

/**
 * A load balancer with no sticky routing: every request, even on a kept-alive client connection,
 * goes to the next backend in turn, over a fresh upstream connection.
 */
export class RoundRobinBalancer {
  /** Ports of the instances, in turn order; set once they listen. */
  backends: number[] = [];
  /** Requests forwarded to each backend port. */
  readonly hits = new Map<number, number>();
  #turn = 0;
  #port = 0;
  readonly #server = createHttpServer((req, res) => {
    const port = this.backends[this.#turn++ % this.backends.length]!;
    this.hits.set(port, (this.hits.get(port) ?? 0) + 1);
    const upstream = request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers, agent: false },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });

  get url(): string {
    return `http://127.0.0.1:${this.#port}`;
  }

  async start(): Promise<void> {
    this.#port = await listen(this.#server);
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

/**
 * A TCP proxy in front of PostgreSQL or Redis that can be cut (connections dropped, new ones
 * refused) and restored on the same port, as when the service goes away and comes back.
 */
export class CuttableProxy {
  readonly #sockets = new Set<Socket>();
  #server: TcpServer | undefined;
  #port = 0;

  /** `watchClient` (optional) is called for each connection and returns what reads the client's bytes. */
  constructor(
    readonly target: { host: string; port: number },
    readonly watchClient?: () => (chunk: Buffer) => void,
  ) {}

  get port(): number {
    return this.#port;
  }

  async restore(): Promise<void> {
    const server = createTcpServer((client) => {
      const upstream = createConnection(this.target);
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on('close', () => this.#sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      if (this.watchClient) client.on('data', this.watchClient());
      client.pipe(upstream).pipe(client);
    });
    this.#port = await listen(server, this.#port);
    this.#server = server;
  }

  async cut(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}
