import type { ServerResponse } from 'node:http';
import type { RequestNote } from '../../telemetry/request-record.js';

// Kept on the answer, which every step of the request path holds, and gone with it: two
// properties of its own rather than a WeakMap and a WeakSet, whose entries the collector must
// trace apart (ephemerons) for every request.
const noteKey = Symbol('request note');
const watchedKey = Symbol('request watched');

type Noted = ServerResponse & { [noteKey]?: RequestNote; [watchedKey]?: true };

/**
 * Marks an answer as one the metrics or the log will read. Only they need the era, method, tool
 * and tool error noted: without metrics and log nothing reads them, and the audit trail needs only
 * the address and the client.
 */
export function watch(res: ServerResponse): void {
  (res as Noted)[watchedKey] = true;
}

const watched = (res: ServerResponse): boolean => (res as Noted)[watchedKey] === true;

/** What the request path has learnt about this request so far (an empty note at first). */
export function noteOf(res: ServerResponse): RequestNote {
  return ((res as Noted)[noteKey] ??= {});
}

/** Adds what a step of the request path learnt: the person, the era, the method, a refusal. */
export function note(res: ServerResponse, fields: RequestNote): void {
  Object.assign(noteOf(res), fields);
}

/** The era, method and tool of a body's JSON-RPC messages (one, or a batch), in either era's path. */
export function noteMessages(res: ServerResponse, era: NonNullable<RequestNote['era']>, messages: readonly unknown[]): void {
  if (!watched(res)) return;
  const single = messages.length === 1 ? (messages[0] as { method?: unknown; params?: unknown } | undefined) : undefined;
  // Written into the note one by one: an object of the three and an array of the methods were
  // garbage of every request.
  const note = noteOf(res);
  note.era = era;
  note.method = messages.length === 1 ? methodLabel(single?.method) : 'batch';
  note.tool = single?.method === 'tools/call' ? toolLabel(single.params) : undefined;
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

/** The method label of one message: its method by name, `other` for a name we do not know. */
function methodLabel(method: unknown): string {
  return typeof method === 'string' && knownMethods.has(method) ? method : 'other';
}

/** The tool a `tools/call` names, as logged: a short name of tool characters, or nothing. */
function toolLabel(params: unknown): string | undefined {
  const name = (params as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(name) ? name : undefined;
}

/** Notes whether an answer (one message or a batch) carries a tool error result. */
export function noteToolError(res: ServerResponse, body: unknown): void {
  if (!watched(res)) return;
  const messages = Array.isArray(body) ? body : [body];
  if (messages.some((message) => (message as { result?: { isError?: unknown } } | undefined)?.result?.isError === true)) note(res, { toolError: true });
}
