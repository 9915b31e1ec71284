/** Why a client metadata document was not used; a closed set, so callers can switch on it. */
export type ClientMetadataProblem =
  | 'client_id_url'
  | 'address_refused'
  | 'unreachable'
  | 'timeout'
  | 'redirect'
  | 'http_status'
  | 'too_large'
  | 'not_json'
  | 'invalid_document'
  | 'host_busy';

/**
 * The document behind an https `client_id` could not be fetched or was not acceptable. The
 * message names the URL and what its owner must fix; it is shown on the error page and sent as
 * `error_description` with `invalid_client`.
 */
export class ClientMetadataError extends Error {
  constructor(
    readonly problem: ClientMetadataProblem,
    message: string,
    /** The host may be down or busy, so a recent copy of the document may stand in. */
    readonly transient = false,
  ) {
    super(message);
    this.name = 'ClientMetadataError';
  }
}
