import type { ServerResponse } from 'node:http';
import type { RequestNote } from '../../telemetry/request-record.js';

// Keyed by the answer, which every step of the request path holds; gone with it.
const notes = new WeakMap<ServerResponse, RequestNote>();

/** What the request path has learnt about this request so far (an empty note at first). */
export function noteOf(res: ServerResponse): RequestNote {
  let note = notes.get(res);
  if (!note) notes.set(res, (note = {}));
  return note;
}

/** Adds what a step of the request path learnt: the person, the era, the method, a refusal. */
export function note(res: ServerResponse, fields: RequestNote): void {
  Object.assign(noteOf(res), fields);
}

/** The era, method and tool of a body's JSON-RPC messages (one, or a batch), in either era's path. */
export function noteMessages(res: ServerResponse, era: NonNullable<RequestNote['era']>, messages: readonly unknown[]): void {
  const calls = messages as ReadonlyArray<{ method?: unknown; params?: unknown }>;
  const single = calls.length === 1 ? calls[0] : undefined;
  note(res, {
    era,
    method: methodLabel(calls.map((message) => message.method)),
    tool: single?.method === 'tools/call' ? toolLabel(single.params) : undefined,
  });
}

/** JSON-RPC methods counted by name; any other name a client sends counts as `other`. */
const knownMethods = new Set([
  'initialize',
  'ping',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/read',
  'resources/templates/list',
  'prompts/list',
  'completion/complete',
  'logging/setLevel',
  'server/discover',
  'subscriptions/listen',
  'notifications/initialized',
  'notifications/cancelled',
]);

/** The method label of a body's messages: one method by name, `batch` for several, `other` for a name we do not know. */
function methodLabel(methods: readonly unknown[]): string {
  if (methods.length !== 1) return 'batch';
  const [method] = methods;
  return typeof method === 'string' && knownMethods.has(method) ? method : 'other';
}

/** The tool a `tools/call` names, as logged: a short name of tool characters, or nothing. */
function toolLabel(params: unknown): string | undefined {
  const name = (params as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(name) ? name : undefined;
}

/** Whether an answer (one message or a batch) carries a tool error result. */
export function hasToolError(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some((message) => (message as { result?: { isError?: unknown } } | undefined)?.result?.isError === true);
}
