import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a client made, and the status the server gave it. */
export interface WireExchange {
  readonly method: string;
  readonly path: string;
  readonly accept: string;
  /** The JSON-RPC method of a POST (of its first message, for a batch). */
  readonly rpcMethod?: string;
  readonly status: number;
  /** What the client sent. */
  readonly requestBody: string;
  /** What the server answered. */
  readonly body: string;
}

/**
 * A loopback hop in front of the MCP host that forwards every request unchanged and records
 * what the client asked and what the server answered, in the order the answers came back.
 */
export class WireRecorder {
  readonly exchanges: WireExchange[] = [];

  private constructor(
    private readonly listener: Server,
    readonly url: string,
  ) {}

  static async start(target: string): Promise<WireRecorder> {
    const upstream = new URL(target);
    const listener = createServer();
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const recorder = new WireRecorder(listener, `http://127.0.0.1:${(listener.address() as AddressInfo).port}/`);
    listener.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const sent = Buffer.concat(chunks);
        const forward = request(
          { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
          (answer) => {
            const answered: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => answered.push(chunk));
            answer.on('end', () => {
              const body = Buffer.concat(answered);
              recorder.exchanges.push({
                method: req.method!,
                path: req.url!,
                accept: req.headers.accept ?? '',
                rpcMethod: rpcMethodOf(sent),
                status: answer.statusCode!,
                requestBody: sent.toString(),
                body: body.toString(),
              });
              res.writeHead(answer.statusCode!, answer.headers).end(body);
            });
          },
        );
        forward.on('error', () => res.destroy());
        forward.end(sent);
      });
    });
    return recorder;
  }

  /** The statuses of the recorded tools/list answers, and the tools the first one gave, by name, sorted. */
  toolsListed(): { statuses: number[]; names: string[] } {
    const listed = this.exchanges.filter((exchange) => exchange.rpcMethod === 'tools/list');
    const first = listed[0] ? (JSON.parse(listed[0].body) as { result?: { tools?: Array<{ name: string }> } }) : undefined;
    return { statuses: listed.map((exchange) => exchange.status), names: (first?.result?.tools ?? []).map((tool) => tool.name).sort() };
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.listener.close(() => resolve());
      this.listener.closeAllConnections();
    });
  }
}

function rpcMethodOf(body: Buffer): string | undefined {
  try {
    const message = JSON.parse(body.toString()) as { method?: string } | Array<{ method?: string }>;
    return Array.isArray(message) ? message[0]?.method : message.method;
  } catch {
    return undefined;
  }
}
