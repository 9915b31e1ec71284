import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MrtrFixtureProxy {
  readonly url: string;
  close(): Promise<void>;
}

/** The official suite's MRTR fixture tools (`test_input_required_result_*`) all become this call of ours. */
const fixturePrefix = 'test_input_required_result_';
/** The input key the suite's elicitation scenarios read and answer; ours is `confirm`. */
const suiteKey = 'user_name';

type Json = Record<string, any>;

const bodyOf = (stream: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });

function parsed(body: Buffer): Json | undefined {
  try {
    const value = JSON.parse(body.toString('utf8')) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs the official suite's MRTR scenarios against our server: forwards everything with a bearer
 * token (as bearer-proxy.ts), and maps each call of a fixture tool onto one of our confirmable
 * calls, `delete_question` of a scratch question made for it (a new one for a first round, the
 * same one for a retry echoing its requestState, or a tampered copy of it). Our input key
 * `confirm` is shown to the suite as `user_name`, and the suite's answer under it (`accept` with
 * any content) becomes the person's yes; every other key goes as sent.
 */
export async function startMrtrFixtureProxy(target: string, token: string): Promise<MrtrFixtureProxy> {
  const upstream = new URL(target);
  const questionOfState = new Map<string, string>();

  async function scratchQuestion(): Promise<string> {
    const response = await fetch(upstream, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'create_survey', arguments: { workspace_id: 'wsp_demo_acme', title: 'Suite scratch', questions: [{ type: 'short_text', text: 'Gone?' }, { type: 'short_text', text: 'Kept?' }] } },
      }),
    });
    return ((await response.json()) as Json).result.structuredContent.questions[0].id;
  }

  /** The question a retry's state was issued for: exact, or the state it was altered from. */
  const questionFor = (state: string): string | undefined =>
    questionOfState.get(state) ?? [...questionOfState].find(([known]) => state.startsWith(known))?.[1];

  async function mapped(message: Json): Promise<Json> {
    const { params } = message;
    const state = typeof params.requestState === 'string' ? params.requestState : undefined;
    const question = (state && questionFor(state)) ?? (await scratchQuestion());
    const responses = params.inputResponses;
    let inputResponses = responses;
    if (responses && typeof responses === 'object' && suiteKey in responses) {
      const { [suiteKey]: answer, ...others } = responses as Json;
      const yes = answer && typeof answer === 'object' && answer.action === 'accept' ? { action: 'accept', content: { confirm: true } } : answer;
      inputResponses = { ...others, confirm: yes };
    }
    return { ...message, params: { ...params, name: 'delete_question', arguments: { question_id: question }, ...(responses !== undefined && { inputResponses }) } };
  }

  function shownToSuite(answer: Json, question: string): Json {
    const result = answer.result;
    if (!result || result.resultType !== 'input_required') return answer;
    if (typeof result.requestState === 'string') questionOfState.set(result.requestState, question);
    const { confirm, ...others } = result.inputRequests ?? {};
    return { ...answer, result: { ...result, inputRequests: { ...others, ...(confirm && { [suiteKey]: confirm }) } } };
  }

  const server: Server = createServer(async (incoming, outgoing) => {
    const body = await bodyOf(incoming);
    const message = incoming.method === 'POST' ? parsed(body) : undefined;
    const fixture = message?.method === 'tools/call' && String(message.params?.name).startsWith(fixturePrefix);
    const sent = fixture ? await mapped(message!) : undefined;
    const headers: Record<string, string | string[] | undefined> = { ...incoming.headers, authorization: `Bearer ${token}`, host: upstream.host };
    delete headers['content-length'];
    if (sent) headers['mcp-name'] = 'delete_question';
    const answer = await fetch(new URL(incoming.url ?? '/', upstream), {
      method: incoming.method,
      headers: headers as Record<string, string>,
      ...(incoming.method === 'POST' && { body: sent ? JSON.stringify(sent) : body }),
    });
    const text = await answer.text();
    const reply = sent && parsed(Buffer.from(text)) ? JSON.stringify(shownToSuite(parsed(Buffer.from(text))!, sent.params.arguments.question_id)) : text;
    const kept = Object.fromEntries([...answer.headers].filter(([name]) => name !== 'content-length' && name !== 'content-encoding' && name !== 'transfer-encoding'));
    outgoing.writeHead(answer.status, kept);
    outgoing.end(reply);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
