import type { IncomingMessage } from 'node:http';
import { finished, type Readable, type Transform } from 'node:stream';
import * as zlib from 'node:zlib';

/** The body, once decoded, is larger than the limit: the caller answers 413. */
export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError';
}

/** The body cannot be read as sent: 415 for an encoding we do not decode, 400 for a corrupt one. */
export class UnreadableBodyError extends Error {
  override readonly name = 'UnreadableBodyError';
  constructor(
    readonly status: 400 | 415,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The request ended before its body did: the client hung up, or the request deadline closed the
 * connection (Node has answered 408 then). Nothing is left to answer, and nothing went wrong here.
 */
export class ClientGoneError extends Error {
  override readonly name = 'ClientGoneError';
}

// The Content-Encodings Express's body parser decoded (zstd where Node has it), so clients that
// compress their requests keep working; any other one is an error.
const decoders = new Map<string, () => Transform>([
  ['deflate', () => zlib.createInflate()],
  ['gzip', () => zlib.createGunzip()],
  ['br', () => zlib.createBrotliDecompress()],
]);
const zstd = (zlib as unknown as { createZstdDecompress?: () => Transform }).createZstdDecompress;
if (zstd) decoders.set('zstd', () => zstd());

/**
 * Reads a request body of at most `limitBytes` (counted after decoding). On failure it settles
 * only once the rest of the request has been read off, as Express's parser did, so the answer
 * never cuts the upload short.
 */
export function readBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const encoding = (req.headers['content-encoding'] || 'identity').toLowerCase();
    const decoder = decoders.get(encoding)?.();
    const stream: Readable = decoder ? req.pipe(decoder) : req;
    const chunks: Buffer[] = [];
    let received = 0;
    let failed = false;

    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      stream.removeAllListeners('data');
      if (decoder) {
        req.unpipe(decoder);
        decoder.on('error', () => undefined);
        decoder.destroy();
      }
      finished(req, () => reject(error));
      req.resume();
    };

    if (encoding !== 'identity' && !decoder) {
      return fail(new UnreadableBodyError(415, `Unsupported Media Type: Content-Encoding '${encoding}' (send ${[...decoders.keys()].join(', ')} or none)`));
    }
    if (stream === req && Number(req.headers['content-length']) > limitBytes) return fail(new BodyTooLargeError());
    stream.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > limitBytes) fail(new BodyTooLargeError());
      else chunks.push(chunk);
    });
    stream.once('end', () => {
      if (!failed) resolve(Buffer.concat(chunks, received));
    });
    stream.on('error', (error) =>
      fail(stream === req ? new ClientGoneError(error.message) : new UnreadableBodyError(400, `Bad Request: the ${encoding} body could not be decoded`)),
    );
    // A client that hangs up mid-body never sends the end.
    req.once('close', () => {
      if (!req.complete) fail(new ClientGoneError('the request closed before its end'));
    });
  });
}
