/** `application/json` or a `+json` type such as `application/client-metadata+json`, with any parameters. */
export const isJsonMediaType = (contentType: string | undefined): boolean =>
  /^\s*application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i.test(contentType ?? '');
