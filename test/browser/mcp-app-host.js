// The host side of an MCP App as an assistant runs it, for the browser tests: ext-apps' own
// AppBridge talks to the view in a sandboxed frame. Bundled by the test with esbuild; plain
// JavaScript because the tests' TypeScript has no DOM.
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';

/** Heights the view reported, in order. */
window.sizes = [];

/**
 * Loads `html` into #view, answers its handshake with `hostContext`, then sends the tool's
 * arguments and its answer, and sizes the frame to what the view reports.
 */
window.hostView = async ({ html, args, answer, hostContext }) => {
  const iframe = document.getElementById('view');
  const bridge = new AppBridge(null, { name: 'test host', version: '1.0.0' }, {}, { hostContext });
  window.bridge = bridge;
  bridge.onsizechange = ({ height }) => {
    window.sizes.push(height);
    if (height) iframe.style.height = `${height}px`;
  };
  bridge.oninitialized = async () => {
    await bridge.sendToolInput({ arguments: args });
    await bridge.sendToolResult(answer);
  };
  await bridge.connect(new PostMessageTransport(iframe.contentWindow, iframe.contentWindow));
  iframe.srcdoc = html;
};
