import { header } from '../http.js';
import type { Invariant } from './invariant.js';

/** application/json, with or without parameters such as charset. */
export const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;

/** RFC 9728 section 3.2 and RFC 8414 section 3.2: each well-known document, each time it is read, as application/json. */
export const metadataServedAsJson: Invariant = {
  id: 'metadata-served-as-json',
  title: 'Every metadata document the run reads (protected resource, authorization server, OpenID configuration) is served as application/json',
  requirement: 'rfc9728-3.2-json',
  era: 'any',
  applies: (x) => x.endpoint === 'metadata' && x.exchange.request.method === 'GET' && x.exchange.response.status === 200,
  judge(x) {
    const type = header(x.exchange, 'content-type');
    return JSON_MEDIA_TYPE.test(type ?? '') ? undefined : `${x.exchange.request.url} is served as ${type ?? 'no media type'}, not application/json`;
  },
};
