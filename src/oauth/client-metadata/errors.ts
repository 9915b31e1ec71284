import { explain, type Explanation } from '../explanation.js';

/** Why a client metadata document was not used; a closed set, so callers can switch on it. */
export type ClientMetadataProblem =
  | 'client_id_url'
  | 'address_refused'
  | 'unreachable'
  | 'timeout'
  | 'redirect'
  | 'http_status'
  | 'document_gone'
  | 'too_large'
  | 'not_json'
  | 'invalid_document'
  | 'host_busy';

/**
 * The host is down, busy or refusing for now: the last good copy of its document may stand in.
 * Not `document_gone` (404, 410): its owner took the document down, and the copy goes with it.
 */
const hostTrouble: ReadonlySet<ClientMetadataProblem> = new Set(['unreachable', 'timeout', 'http_status', 'host_busy']);

/**
 * The document behind an https `client_id` could not be fetched or was not acceptable. The
 * explanation names the URL and what its owner must fix; it is shown on the error page and sent
 * as `error_description` with `invalid_client`. `detail` is for the server's log only.
 */
export class ClientMetadataError extends Error {
  constructor(
    readonly problem: ClientMetadataProblem,
    readonly explanation: Explanation,
    readonly detail?: string,
  ) {
    super(explanation.toString());
    this.name = 'ClientMetadataError';
  }

  get transient(): boolean {
    return hostTrouble.has(this.problem);
  }
}

/**
 * One answer for every host we could not or would not reach (a private address, no such name,
 * refused, timed out): a stranger must not map internal names by the difference. `detail` goes
 * to the log.
 */
export const unreachableHost = (url: URL, problem: ClientMetadataProblem, detail: string): ClientMetadataError =>
  new ClientMetadataError(
    problem,
    explain`the client metadata document at ${url.href} could not be fetched: its host could not be reached from this server at a public address`,
    detail,
  );
