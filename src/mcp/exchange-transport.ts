import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type {
  JSONRPCMessage,
  JSONRPCRequest,
  MessageExtraInfo,
  RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import { PendingExchanges, closingAnswer } from './pending-exchanges.js';

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

  private readonly pending = new PendingExchanges<JSONRPCMessage>();

  async start(): Promise<void> {}

  /** Answers what is still waiting (a request the server dropped while closing) instead of leaving it hanging. */
  async close(): Promise<void> {
    this.pending.settleAll(closingAnswer);
    this.onclose?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (!('id' in message) || 'method' in message || message.id === undefined) return;
    this.pending.settle(message.id, message);
  }

  /** Ends the exchange of request `id` (the id the server saw) with `error` itself. */
  fail(id: RequestId, error: unknown): void {
    this.pending.fail(id, error);
  }

  /** Hands one request to the server and resolves with its response under the caller's id. */
  async exchange(request: JSONRPCRequest, extra: MessageExtraInfo): Promise<JSONRPCMessage> {
    const response = await this.pending.open((id) => this.onmessage?.({ ...request, id }, extra));
    return { ...response, id: request.id } as JSONRPCMessage;
  }
}
