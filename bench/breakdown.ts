/**
 * Where one `tools/call get_survey` spends its time, stage by stage, measured in this process
 * without HTTP: what bounds the full stack's throughput, next to the HTTP figures.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { decideEra } from '../src/http/mcp/era.js';
import { openSlidingLog } from '../src/limits/open.js';
import { rpcAnswerText } from '../src/mcp/answer-cache.js';
import { createMcpDispatcher } from '../src/mcp/server.js';
import { accessTokenVerifier } from '../src/oauth/token-cache.js';
import { verifyAccessToken } from '../src/oauth/tokens.js';
import { systemClock } from '../src/platform/clock.js';
import { createPlatform } from '../src/platform/index.js';
import { openStore } from '../src/store/open.js';
import { benchRateRule } from './servers/protocol.js';

/** Mean microseconds per call of each stage. */
export type Breakdown = ReadonlyArray<{ readonly stage: string; readonly micros: number }>;

const iterations = 3_000;

export async function breakdown(db: string, token: string, surveyId: string): Promise<Breakdown> {
  const store = await openStore(db);
  const slidingLog = await openSlidingLog(db);
  const platform = createPlatform({ store, clock: systemClock });
  const dispatcher = await createMcpDispatcher(platform);
  // As `startServer` composes it: answers kept while the store's change stamp stands still.
  const keeping = await createMcpDispatcher(platform, { changeStamp: store.changeStamp, clock: systemClock });
  // Every 2026-07-28 request through the SDK 2.x server, as before the direct path (src/mcp/modern-direct.ts).
  const throughModernServer = await createMcpDispatcher(platform, { modernDirect: false });
  const changeStamp = store.changeStamp ?? (() => undefined);
  const keptTokens = accessTokenVerifier(store);
  try {
    const verdict = await verifyAccessToken(store, token, Date.now());
    if (!verdict.ok) throw new Error(`the bench token is ${verdict.reason}`);
    const { userId } = verdict;
    const call: JSONRPCMessage = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'get_survey', arguments: { survey_id: surveyId } },
    };
    const extra = { authInfo: { token, clientId: verdict.clientId, scopes: [verdict.scope], extra: { userId } } };
    const modernCall = {
      ...call,
      params: { ...call.params, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } },
    };
    const modernHeaders = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'get_survey' };
    // An empty `_meta` takes the call off the direct path: through the SDK 1.x server, as every call went before.
    const throughServer = { ...call, params: { ...call.params, _meta: {} } };
    const [answer] = await dispatcher.handle([call], extra);
    const [kept] = await keeping.handle([call], extra);
    const stages: Array<[string, () => Promise<unknown>]> = [
      ['bearer token lookup (verifyAccessToken, from the store)', () => verifyAccessToken(store, token, Date.now())],
      ['the store\'s change stamp (total_changes() + PRAGMA data_version)', async () => changeStamp()],
      ['bearer token check from memory (stamp included)', () => keptTokens(token, Date.now(), changeStamp())],
      ['rate limit check + log (in process, written behind)', () => slidingLog.consume(`mcp:${userId}`, benchRateRule)],
      ['platform.getSurvey (its store reads)', () => platform.getSurvey(userId, { survey_id: surveyId })],
      ['MCP dispatch of tools/call through the SDK 1.x server, platform included', () => dispatcher.handle([throughServer], extra)],
      ['the same, answered directly (no SDK server)', () => dispatcher.handle([call], extra)],
      ['the same, the answer kept in memory (stamp included)', () => keeping.handle([call], extra)],
      ['era decision of a 2026-07-28 request (envelope and header checks)', () => decideEra(modernHeaders, modernCall)],
      ['the same dispatch on the 2026-07-28 server (SDK 2.x)', () => throughModernServer.handleModern(modernCall, extra.authInfo)],
      ['the same 2026-07-28 call, answered directly (no SDK 2.x server)', () => dispatcher.handleModern(modernCall, extra.authInfo)],
      ['the same 2026-07-28 call, the answer kept in memory', () => keeping.handleModern(modernCall, extra.authInfo)],
      ['JSON.stringify of the answer', async () => JSON.stringify(answer)],
      ['JSON text of a kept answer (serialised once)', async () => rpcAnswerText(kept)],
    ];
    const costs: Array<{ stage: string; micros: number }> = [];
    for (const [stage, run] of stages) costs.push({ stage, micros: await micros(run) });
    return costs;
  } finally {
    await throughModernServer.close();
    await keeping.close();
    await dispatcher.close();
    await slidingLog.close();
    await store.close();
  }
}

async function micros(stage: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < iterations / 10; i++) await stage();
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) await stage();
  return Math.round(Number(process.hrtime.bigint() - start) / iterations / 100) / 10;
}
