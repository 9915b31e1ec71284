import type { TestServer } from '../helpers/server.js';

/** What one tool call came back as, read the way every client shows it: the text content's JSON. */
export interface ToolOutcome {
  readonly isError: boolean;
  readonly payload: Record<string, any>;
}

/** A real client connected to the server, as a person connected it. */
export interface ClientSession {
  toolNames(): Promise<string[]>;
  callTool(name: string, args: Record<string, string>): Promise<ToolOutcome>;
  close(): Promise<void>;
}

/**
 * One row of the client matrix: a real MCP client and how a person connects it. Every row is
 * asked the same things (test/clients/matrix.test.ts); a new client is a new row.
 */
export interface ClientRow {
  /** Client, version, and how it signs in. */
  readonly name: string;
  /** What `GET /` answers on the server it is tested against (serve --stream-get-status). */
  readonly streamGetStatus: 404 | 405;
  /** Connects as `email` (a demo person); OAuth rows sign in and approve on our real pages. */
  connect(server: TestServer, email: string): Promise<ClientSession>;
}

/** The first text content of a tool result, parsed: every tool answers JSON there. */
export function outcomeOf(result: object): ToolOutcome {
  const { isError, content } = result as { isError?: boolean; content?: Array<{ type: string; text?: string }> };
  const [first] = content ?? [];
  if (first?.type !== 'text' || first.text === undefined) throw new Error(`a tool result without text content: ${JSON.stringify(result)}`);
  return { isError: isError === true, payload: JSON.parse(first.text) as Record<string, any> };
}
