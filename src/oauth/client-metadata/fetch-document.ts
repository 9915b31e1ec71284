import { lookup } from 'node:dns/promises';
import type { IncomingMessage } from 'node:http';
import { request } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { explain, ours } from '../explanation.js';
import { isJsonMediaType } from '../json-media-type.js';
import { ClientMetadataError, unreachableHost } from './errors.js';
import { addressRefusal } from './special-addresses.js';

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
  /** Connect to this port instead of the URL's: only a test resolver sets it, to put claude.ai on a loopback port. */
  readonly port?: number;
}

/** How documents are fetched; resolved once by the composition root. */
export interface FetchPolicy {
  /** `serve --allow-private-client-metadata`: loopback and private networks are fetched too; local development and tests only. */
  readonly allowPrivateAddresses: boolean;
  /** The whole fetch (name resolution, connection, answer) must finish in this time. */
  readonly timeoutMs: number;
  /** Larger documents are refused; the draft recommends 5 KB. */
  readonly maxBytes: number;
  /** Trust anchors to use instead of the system's (tests bring their own CA). */
  readonly ca?: string | Buffer;
  /** Name resolution; every address it returns is checked. Defaults to the system resolver. */
  readonly resolve?: (hostname: string) => Promise<readonly ResolvedAddress[]>;
  /** Called with the checked address before connecting; may refuse with `ClientMetadataError`. */
  readonly beforeConnect?: (address: string) => Promise<void>;
}

export const defaultFetchPolicy: FetchPolicy = { allowPrivateAddresses: false, timeoutMs: 3000, maxBytes: 5 * 1024 };

export interface FetchedDocument {
  /** The parsed JSON, not yet validated. */
  readonly document: unknown;
  readonly cacheControl: string | undefined;
}

const systemResolve = async (hostname: string): Promise<readonly ResolvedAddress[]> =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

/**
 * Resolves the host and checks every address it has: one special-use address refuses the whole
 * name, since a resolver may hand out any of them. Returns the address to connect to.
 */
async function checkedAddress(url: URL, policy: FetchPolicy): Promise<ResolvedAddress> {
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const family = isIP(hostname);
  let addresses: readonly ResolvedAddress[];
  try {
    addresses = family !== 0 ? [{ address: hostname, family: family === 6 ? 6 : 4 }] : await (policy.resolve ?? systemResolve)(hostname);
  } catch (error) {
    throw unreachableHost(url, 'unreachable', `name resolution failed (${reasonOf(error)})`);
  }
  if (addresses.length === 0) throw unreachableHost(url, 'unreachable', 'the name has no address');
  for (const { address } of addresses) {
    const why = addressRefusal(address, policy.allowPrivateAddresses);
    if (why) throw unreachableHost(url, 'address_refused', `${address} is ${why}`);
  }
  return addresses[0]!;
}

/** Connects to the address that was checked, whatever the name resolves to by then (DNS rebinding). */
const pinnedLookup =
  (pinned: ResolvedAddress): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };

const reasonOf = (error: unknown): string =>
  error instanceof Error ? ((error as NodeJS.ErrnoException).code ?? error.message) : String(error);

function readBody(url: URL, response: IncomingMessage, policy: FetchPolicy): Promise<FetchedDocument> {
  const tooLarge = () =>
    new ClientMetadataError('too_large', explain`the client metadata document at ${url.href} is larger than ${policy.maxBytes} bytes`);
  return new Promise((resolve, reject) => {
    if (Number(response.headers['content-length'] ?? 0) > policy.maxBytes) {
      response.destroy();
      return reject(tooLarge());
    }
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > policy.maxBytes) {
        response.destroy();
        reject(tooLarge());
      } else chunks.push(chunk);
    });
    response.on('error', reject);
    response.on('end', () => {
      try {
        resolve({ document: JSON.parse(Buffer.concat(chunks).toString('utf8')), cacheControl: response.headers['cache-control'] });
      } catch {
        reject(new ClientMetadataError('not_json', explain`the client metadata document at ${url.href} is not valid JSON`));
      }
    });
  });
}

function answerProblem(url: URL, response: IncomingMessage): ClientMetadataError | undefined {
  const status = response.statusCode ?? 0;
  if (status >= 300 && status < 400) {
    return new ClientMetadataError(
      'redirect',
      explain`the client metadata document at ${url.href} answered ${status} with a redirect to ${response.headers.location ?? ''}: redirects are not followed, so serve the document at its client_id URL itself`,
    );
  }
  if (status === 404 || status === 410) {
    return new ClientMetadataError(
      'document_gone',
      explain`the client metadata document at ${url.href} answered HTTP ${status}: there is no such document (any earlier copy is no longer used)`,
    );
  }
  if (status !== 200) {
    return new ClientMetadataError(
      'http_status',
      explain`the client metadata document at ${url.href} answered HTTP ${status}; it must answer 200`,
    );
  }
  const contentType = response.headers['content-type'];
  if (!isJsonMediaType(contentType)) {
    return new ClientMetadataError(
      'not_json',
      explain`the client metadata document at ${url.href} is served as ${contentType ?? ours('no Content-Type')}: it must be served as JSON (application/json)`,
    );
  }
  return undefined;
}

/**
 * Fetches a client metadata document as the draft's security considerations ask: https only, a
 * checked public address (or a loopback or private one, if the operator allowed those), no
 * redirects, a deadline for the whole exchange and a size cap. The parsed JSON is returned unvalidated.
 */
export async function fetchClientMetadataDocument(url: URL, policy: FetchPolicy): Promise<FetchedDocument> {
  const timedOut = unreachableHost(url, 'timeout', `no answer within ${policy.timeoutMs} ms`);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(timedOut), policy.timeoutMs);
  });
  const controller = new AbortController();
  try {
    return await Promise.race([deadline, fetchChecked(url, policy, controller.signal)]);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

async function fetchChecked(url: URL, policy: FetchPolicy, signal: AbortSignal): Promise<FetchedDocument> {
  const pinned = await checkedAddress(url, policy);
  await policy.beforeConnect?.(pinned.address);
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'GET',
        headers: { accept: 'application/json', 'user-agent': 'survey-mcp (client metadata fetcher)' },
        lookup: pinnedLookup(pinned),
        ...(pinned.port === undefined ? {} : { port: pinned.port }),
        ca: policy.ca,
        agent: false,
        signal,
      },
      (response) => {
        const problem = answerProblem(url, response);
        if (problem) {
          response.destroy();
          return reject(problem);
        }
        readBody(url, response, policy).then(resolve, reject);
      },
    );
    outgoing.on('error', (error) => {
      if (error instanceof ClientMetadataError) return reject(error);
      reject(unreachableHost(url, 'unreachable', `the connection failed (${reasonOf(error)})`));
    });
    outgoing.end();
  });
}
