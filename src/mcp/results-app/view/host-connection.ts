import type {
  LATEST_PROTOCOL_VERSION,
  McpUiHostContext,
  McpUiHostContextChangedNotification,
  McpUiInitializedNotification,
  McpUiInitializeRequest,
  McpUiInitializeResult,
  McpUiResourceTeardownRequest,
  McpUiSizeChangedNotification,
  McpUiToolCancelledNotification,
  McpUiToolResultNotification,
} from '@modelcontextprotocol/ext-apps';

/**
 * The view's side of the MCP Apps protocol (ext-apps, spec 2026-01-26): JSON-RPC over postMessage
 * with the host window. ext-apps' own `App` class would bundle the MCP client and zod into
 * 650 KB; this page needs only the handshake, three notifications and two requests. Method
 * names and shapes are typed by ext-apps, and the browser test talks to ext-apps' AppBridge.
 */

const PROTOCOL_VERSION: typeof LATEST_PROTOCOL_VERSION = '2026-01-26';
const INITIALIZE_ID = 1;

export interface HostEvents {
  /** The host's context on start, then each change (only the fields that changed). */
  context(context: McpUiHostContext): void;
  toolResult(result: McpUiToolResultNotification['params']): void;
  toolCancelled(reason: string | undefined): void;
  /** The host refused the handshake. */
  failed(message: string): void;
}

interface Message {
  readonly jsonrpc: '2.0';
  readonly id?: string | number;
  readonly method?: string;
  readonly params?: Record<string, unknown>;
  readonly result?: unknown;
  readonly error?: { readonly code: number; readonly message: string };
}

type Outgoing =
  | (McpUiInitializeRequest & { id: number })
  | McpUiInitializedNotification
  | McpUiSizeChangedNotification
  | { id: string | number; result: Record<string, never> }
  | { id: string | number; error: { code: number; message: string } };

export function connectToHost(appInfo: McpUiInitializeRequest['params']['appInfo'], events: HostEvents): void {
  const host = window.parent;
  const send = (message: Outgoing): void => host.postMessage({ jsonrpc: '2.0', ...message }, '*');

  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    // Only the window that embeds us speaks for the host.
    if (event.source !== host || !isMessage(event.data)) return;
    const message = event.data;
    if (message.method !== undefined && message.id !== undefined) {
      answer(message.id, message.method);
    } else if (message.method !== undefined) {
      notified(message.method, message.params ?? {});
    } else if (message.id === INITIALIZE_ID) {
      if (message.error) return events.failed(message.error.message);
      events.context((message.result as McpUiInitializeResult).hostContext ?? {});
      send({ method: 'ui/notifications/initialized' });
      reportSize(send);
    }
  });

  function answer(id: string | number, method: string): void {
    const known: readonly string[] = ['ping', 'ui/resource-teardown' satisfies McpUiResourceTeardownRequest['method']];
    if (known.includes(method)) send({ id, result: {} });
    else send({ id, error: { code: -32601, message: `Method not found: ${method}` } });
  }

  function notified(method: string, params: Record<string, unknown>): void {
    switch (method) {
      case 'ui/notifications/tool-result' satisfies McpUiToolResultNotification['method']:
        return events.toolResult(params as McpUiToolResultNotification['params']);
      case 'ui/notifications/host-context-changed' satisfies McpUiHostContextChangedNotification['method']:
        return events.context(params as McpUiHostContext);
      case 'ui/notifications/tool-cancelled' satisfies McpUiToolCancelledNotification['method']:
        return events.toolCancelled(typeof params['reason'] === 'string' ? params['reason'] : undefined);
    }
  }

  send({ id: INITIALIZE_ID, method: 'ui/initialize', params: { appInfo, appCapabilities: {}, protocolVersion: PROTOCOL_VERSION } });
}

function isMessage(data: unknown): data is Message {
  return typeof data === 'object' && data !== null && (data as { jsonrpc?: unknown }).jsonrpc === '2.0';
}

/** Tells the host how tall the page is whenever that changes, so it can size the frame. */
function reportSize(send: (message: McpUiSizeChangedNotification) => void): void {
  let width = 0;
  let height = 0;
  let scheduled = false;
  const measure = (): void => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      const root = document.documentElement;
      const previous = root.style.height;
      root.style.height = 'max-content';
      const newHeight = Math.ceil(root.getBoundingClientRect().height);
      root.style.height = previous;
      const newWidth = Math.ceil(window.innerWidth);
      if (newWidth === width && newHeight === height) return;
      width = newWidth;
      height = newHeight;
      send({ method: 'ui/notifications/size-changed', params: { width, height } });
    });
  };
  measure();
  const observer = new ResizeObserver(measure);
  observer.observe(document.documentElement);
  observer.observe(document.body);
}
