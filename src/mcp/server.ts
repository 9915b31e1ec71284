import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type MessageExtraInfo,
} from '@modelcontextprotocol/sdk/types.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { z } from 'zod';
import type { Platform } from '../platform/index.js';
import type { SurveyDetailRead } from '../store/survey-store.js';
import { systemClock, type Clock } from '../platform/clock.js';
import { answerCache } from './answer-cache.js';
import { BatchAnswerBudget, notRun, type BatchWork } from './batch-work.js';
import { answerDirectly, directCall } from './direct-call.js';
import { ExchangeTransport } from './exchange-transport.js';
import { outagesHandedOver } from './pending-exchanges.js';
import { listResultsViews, readResultsView } from './results-app/resource.js';
import type { ModernExchange } from './modern-exchange-transport.js';
import { modernDirect } from './modern-direct.js';
import { invalidParams } from './request-params.js';
import { resourceNotFoundCode, resourceNotFoundMessage, surfaceCapabilities, type McpSurface } from './surface.js';
import { getSkill, listSkills, skillsGetParams, skillsListParams } from './skills/skills-methods.js';
import { readSkillFile } from './skills/survey-skill.js';
import { surveyTools } from './tools/index.js';
import { createToolRegistry, type ToolRegistryOptions } from './tool-registry.js';
import { serverVersion } from '../version.js';
import { askedClient, askerOf, personAsker, withAsker } from './elicitation/asker.js';
import { askingFlow } from './elicitation/asking-flow.js';
import { elicitsForms } from './confirmations/input-required.js';
import { PersonQuestions } from './elicitation/questions.js';
import { inProcessElicitationShare, type ElicitationShare } from './elicitation/share.js';

const instructions = `Survey data of the signed-in person, under their own platform permissions.
Start with get_me or list_surveys to find survey ids, get_survey for questions and choices, and
get_survey_results for aggregates (counts, percentages, NPS, means) before reading raw responses
with list_responses. Lists are paginated: pass next_cursor back as cursor with the same filters.
Failures come back as tool errors {"error": "..."}; fix the arguments and call again.`;

export interface McpDispatcher {
  /**
   * Answers the request messages of one legacy-era HTTP POST, in order; notifications get no
   * answer. Rejects with the `StoreUnavailableError` when the store went away mid-request. A
   * batch stops at its next call once its client is gone, and takes a turn for each call (`work`).
   */
  handle(messages: readonly JSONRPCMessage[], extra: MessageExtraInfo, work?: BatchWork): Promise<JSONRPCMessage[]>;
  /** Hands the JSON-RPC responses a client posted to the questions they answer, on whichever instance. */
  hear(responses: readonly JSONRPCMessage[], authInfo: AuthInfo): Promise<void>;
  /** Answers one 2026-07-28 request whose envelope and headers the HTTP layer has checked. */
  handleModern(request: JSONRPCRequest, authInfo: AuthInfo): Promise<ModernExchange>;
  close(): Promise<void>;
}

export interface DispatcherOptions extends ToolRegistryOptions {
  /** The store's change stamp: when given, answers of read-only tools are kept while exact (answer-cache.ts). */
  readonly changeStamp?: () => number;
  /** The platform's clock, for answers that stop being exact with time. */
  readonly clock?: Clock;
  /**
   * Whether plain 2026-07-28 requests are answered without the SDK 2.x server (modern-direct.ts),
   * as by default; false sends every one through it, the answers the direct path must equal.
   */
  readonly modernDirect?: boolean;
  /** What the instances share to ask 2025-11-25 clients (elicitation/share.ts); by default this process alone. */
  readonly elicitationShare?: ElicitationShare;
  /** How long a call waits for the person's answer; default 50 seconds. */
  readonly elicitationDeadlineMs?: number;
  /** Our confirmation page on the auth host (`{auth_url}/confirm`); without it no confirmation by link can complete. */
  readonly confirmationPage?: string;
}

/** How long a client's declared capabilities are remembered after its `initialize`: a refresh token's life. */
const declaredTtlMs = 30 * 24 * 60 * 60 * 1000;
// Inside the SDK clients' default request timeout (60 s): the person then reads our explanation,
// not the client's own timeout.
const defaultElicitationDeadlineMs = 50_000;

/** 2025-11-25's confirmation by elicitation, for a call whose POST may ask the person; else the token flow. */
const askingOf = (authInfo: AuthInfo | undefined) => {
  const asker = askerOf(authInfo);
  return asker && askingFlow(asker);
};

/** A request among validated JSON-RPC messages: the only kind with both a method and an id. */
const isRequest = (message: JSONRPCMessage): message is JSONRPCRequest => 'method' in message && 'id' in message;

/**
 * Both eras from one surface (identity, instructions, the tool registry, the results view): the 2025-11-25 era on
 * the SDK 1.x server, whose answers are the interface contract's byte for byte, and 2026-07-28
 * on an SDK 2.x server (bench/README.md has the cost of each).
 */
export async function createMcpDispatcher(
  platform: Platform,
  options: DispatcherOptions = {},
): Promise<McpDispatcher> {
  const registry = createToolRegistry(surveyTools, options);
  const readOnlyTools = new Set(surveyTools.filter((tool) => tool.annotations.readOnlyHint).map((tool) => tool.name));
  const clock = options.clock ?? systemClock;
  const keptAnswers = options.changeStamp && answerCache(options.changeStamp);
  const share = options.elicitationShare ?? inProcessElicitationShare();
  const questions = await PersonQuestions.over(share);
  const askerDeps = { questions, share, deadlineMs: options.elicitationDeadlineMs ?? defaultElicitationDeadlineMs };
  const clientOf = (authInfo: AuthInfo | undefined) =>
    typeof authInfo?.extra?.userId === 'string' ? askedClient(authInfo.extra.userId, authInfo.clientId) : undefined;
  const surface: McpSurface = {
    info: { name: 'survey-mcp', title: 'Survey MCP', version: serverVersion },
    instructions,
    listTools: () => registry.list(),
    // The one resource is the MCP App that draws get_survey_results.
    listResources: () => listResultsViews(),
    readResource: (uri) => readResultsView(uri) ?? readSkillFile(uri),
    async callTool(name, args, authInfo, confirm) {
      const userId = authInfo?.extra?.userId;
      if (typeof userId !== 'string') {
        throw new McpError(ErrorCode.InternalError, 'tools/call reached the server without an authenticated person');
      }
      const surveyRead = authInfo?.extra?.surveyRead as SurveyDetailRead | undefined;
      const run = () => registry.call(name, args, { platform, userId, surveyRead, clientId: authInfo?.clientId, clock, confirm, confirmationPage: options.confirmationPage });
      // The stamp the bearer check read for this request (http/mcp/bearer-check.ts), if any.
      const stamp = authInfo?.extra?.storeStamp;
      return keptAnswers ? keptAnswers.answer({ userId, name, args, nowMs: clock.now(), stamp }, run) : run();
    },
  };

  const legacy = new Server(surface.info, { capabilities: surfaceCapabilities, instructions: surface.instructions });
  legacy.setRequestHandler(ListToolsRequestSchema, () => surface.listTools());
  legacy.setRequestHandler(ListResourcesRequestSchema, () => surface.listResources());
  legacy.setRequestHandler(ReadResourceRequestSchema, (request) => {
    const { uri } = request.params;
    const view = surface.readResource(uri);
    if (!view) throw new McpError(resourceNotFoundCode, resourceNotFoundMessage(uri), { uri });
    return view;
  });
  legacy.setRequestHandler(z.object({ method: z.literal('skills/list'), params: skillsListParams.optional() }), () => listSkills());
  legacy.setRequestHandler(z.object({ method: z.literal('skills/get'), params: skillsGetParams }), (request) => {
    const found = getSkill(request.params.uri);
    if ('problem' in found) throw new McpError(ErrorCode.InvalidParams, found.problem);
    return found;
  });
  // A 2025-11-25 call whose POST may ask the person confirms by elicitation; any other, with the token.
  const callAsking = (name: string, args: unknown, authInfo: AuthInfo | undefined) => surface.callTool(name, args, authInfo, askingOf(authInfo));
  const transport = new ExchangeTransport();
  legacy.setRequestHandler(CallToolRequestSchema, (request, extra) =>
    outagesHandedOver(transport, extra.requestId, callAsking(request.params.name, request.params.arguments, extra.authInfo)),
  );
  await legacy.connect(transport);
  const direct = options.modernDirect === false ? undefined : modernDirect(surface);
  // The SDK 2.x server (~8 MB resident with its modules) is built for the first 2026-07-28 request.
  let modern: ReturnType<typeof import('./modern-server.js').createModernServer> | undefined;
  const modernServer = () => (modern ??= import('./modern-server.js').then(({ createModernServer }) => createModernServer(surface)));

  return {
    // Client notifications are acknowledged and dropped: with no session nothing needs them, and
    // a `notifications/cancelled` naming a request id would reach whichever request of whichever
    // person holds that id inside the shared server.
    //
    // A batch holds the process like one request at a time: its calls run one after another,
    // each in an in-flight turn of its own, and other people's requests get their turn between
    // two of them. A batch whose client has gone stops there; its answers stay within their
    // bound (BatchAnswerBudget).
    async handle(messages, extra, work = {}) {
      const answers: JSONRPCMessage[] = [];
      const requests = messages.filter(isRequest);
      const budget = new BatchAnswerBudget(readOnlyTools, requests.length === 1);
      for (const request of requests) {
        const refusal = budget.refusal(request);
        if (refusal) {
          answers.push(refusal);
          continue;
        }
        if (answers.length > 0) {
          await new Promise(setImmediate);
          if (work.gone?.aborted) break;
          if (work.nextTurn && !(await work.nextTurn())) {
            if (work.gone?.aborted) break;
            answers.push(notRun(request, 'no in-flight turn came for it'));
            continue;
          }
        }
        const client = clientOf(extra.authInfo);
        // No session holds what `initialize` declared: it is remembered per person and client.
        if (request.method === 'initialize' && client) {
          await share.rememberDeclared(client, elicitsForms(request.params?.['capabilities']), declaredTtlMs).catch(() => {});
        }
        const asking = work.ask && client && extra.authInfo && request.method === 'tools/call';
        const requestExtra = asking ? { ...extra, authInfo: withAsker(extra.authInfo!, personAsker(askerDeps, client, work.ask!)) } : extra;
        const direct = directCall(request, requestExtra.authInfo);
        const invalid = direct ? undefined : invalidParams(request);
        const answer = invalid ?? (await budget.run(request, () => (direct ? answerDirectly(request, direct, callAsking) : transport.exchange(request, requestExtra))));
        answers.push(budget.admit(request, answer));
      }
      return answers;
    },
    async hear(responses, authInfo) {
      const client = clientOf(authInfo);
      if (client) for (const response of responses) await questions.answer(response, client);
    },
    async handleModern(request, authInfo) {
      // `initialize` is no method of this revision: the SDK answers it 404, as any other.
      const refusal = request.method === 'initialize' ? undefined : invalidParams(request);
      if (refusal) return { message: refusal, beforeHandler: false };
      const answer = direct?.answer(request, authInfo);
      if (answer) return { message: await answer, beforeHandler: false };
      return (await modernServer()).transport.exchange(request, { authInfo });
    },
    close: async () => {
      await legacy.close();
      await (await modern)?.close();
      await share.close();
    },
  };
}
