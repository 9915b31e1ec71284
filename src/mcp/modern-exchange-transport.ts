import {
  PerRequestHTTPServerTransport,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type MessageClassification,
  type MessageExtraInfo,
  type RequestId,
} from '@modelcontextprotocol/server';
import { modernRevision } from './modern-revision.js';
import { PendingExchanges, closingAnswer } from './pending-exchanges.js';

const classification: MessageClassification = { era: 'modern', revision: modernRevision };

/** A modern answer, and whether the SDK gave it before any handler ran (a ladder refusal: 4xx). */
export interface ModernExchange {
  readonly message: JSONRPCMessage;
  readonly beforeHandler: boolean;
}

/**
 * Lets one long-lived SDK 2.x `Server` answer many 2026-07-28 requests at once, as
 * `ExchangeTransport` does for the legacy era.
 *
 * The SDK's own entry (`createMcpHandler`) builds a server and a web `Request`/`Response` pair per
 * request: ~510 µs of CPU for a tools/call against ~95 µs this way (bench/README.md). A 2.x server
 * binds to the modern era only when connected to a `PerRequestHTTPServerTransport` classified
 * 2026-07-28, hence the subclass; everything per request lives here instead: a process-unique id
 * on the way in, the caller's id on the way out. An answer sent while the message is still being
 * delivered comes from the SDK's pre-handler gates (unknown method, bad envelope), which the
 * revision answers with an HTTP error status; handlers always run later.
 */
export class ModernExchangeTransport extends PerRequestHTTPServerTransport {
  private delivering = false;
  private readonly pending = new PendingExchanges<ModernExchange>();

  constructor() {
    super({ classification, responseMode: 'json' });
  }

  override async start(): Promise<void> {}

  /** Answers what is still waiting (a request the server dropped while closing) instead of leaving it hanging. */
  override async close(): Promise<void> {
    this.pending.settleAll((id) => ({ message: closingAnswer(id), beforeHandler: false }));
    this.onclose?.();
  }

  override async send(message: JSONRPCMessage): Promise<void> {
    if (!('id' in message) || 'method' in message || message.id === undefined) return;
    this.pending.settle(message.id, { message, beforeHandler: this.delivering });
  }

  /** Ends the exchange of request `id` (the id the server saw) with `error` itself. */
  fail(id: RequestId, error: unknown): void {
    this.pending.fail(id, error);
  }

  /** Hands one modern request to the server and resolves with its answer under the caller's id. */
  async exchange(request: JSONRPCRequest, extra: Pick<MessageExtraInfo, 'authInfo'>): Promise<ModernExchange> {
    const { message, beforeHandler } = await this.pending.open((id) => {
      this.delivering = true;
      try {
        this.onmessage?.({ ...request, id }, { classification, ...extra });
      } finally {
        this.delivering = false;
      }
    });
    return { message: { ...message, id: request.id } as JSONRPCMessage, beforeHandler };
  }
}
