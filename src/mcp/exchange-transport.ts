import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type {
  JSONRPCMessage,
  JSONRPCRequest,
  MessageExtraInfo,
  RequestId,
} from '@modelcontextprotocol/sdk/types.js';

type Settle = (message: JSONRPCMessage) => void;

/**
 * Lets one long-lived SDK `Server` answer many independent HTTP requests at once.
 *
 * Stateless Streamable HTTP would have us build a server and a transport per request, which
 * costs more than the tool call itself. Instead each request message gets a process-unique id
 * on the way in (two clients may both send id 1) and its own id back on the way out. The server
 * keeps nothing per client; server-initiated messages have nowhere to go and are dropped, as the
 * spec has no notification stream.
 */
export class ExchangeTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;

  private lastId = 0;
  private readonly pending = new Map<RequestId, Settle>();

  async start(): Promise<void> {}

  /** Answers what is still waiting (a request the server dropped while closing) instead of leaving it hanging. */
  async close(): Promise<void> {
    for (const [id, settle] of this.pending) settle(closing(id));
    this.pending.clear();
    this.onclose?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (!('id' in message) || 'method' in message || message.id === undefined) return;
    const settle = this.pending.get(message.id);
    if (!settle) return;
    this.pending.delete(message.id);
    settle(message);
  }

  /** Hands one request to the server and resolves with its response under the caller's id. */
  exchange(request: JSONRPCRequest, extra: MessageExtraInfo): Promise<JSONRPCMessage> {
    const id = ++this.lastId;
    return new Promise((resolve) => {
      this.pending.set(id, (response) => resolve({ ...response, id: request.id } as JSONRPCMessage));
      this.onmessage?.({ ...request, id }, extra);
    });
  }
}

/** The answer to a request the server did not get to before it closed. */
const closing = (id: RequestId): JSONRPCMessage =>
  ({ jsonrpc: '2.0', id, error: { code: -32603, message: 'Internal error: the server closed before answering' } }) as JSONRPCMessage;
