import { startTestServer, type TestServer } from '../helpers/server.js';
import { freeLoopbackPort } from './free-port.js';
import { WireRecorder } from './wire-recorder.js';

/**
 * A demo test server whose MCP host sits behind a recording hop (the address clients are given),
 * for clients that show their tools only to a model: the test reads what they were given on the wire.
 */
export async function startRecordedServer(): Promise<{ server: TestServer; mcpHost: WireRecorder }> {
  const port = await freeLoopbackPort();
  const mcpHost = await WireRecorder.start(`http://127.0.0.1:${port}`);
  const server = await startTestServer({ seedDemo: true, port, baseUrl: mcpHost.url.replace(/\/$/, '') });
  return { server, mcpHost };
}
