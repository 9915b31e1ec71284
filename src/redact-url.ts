const SECRET_PARAM = /pass|secret|token|key/i;

/**
 * A store or rate-store location fit for messages and logs: the password (and any password-like
 * query parameter) replaced by `***`, so a reader still sees that one was given. Anything else,
 * file paths included, is returned unchanged. The one rule for every `--db` and `--rate-store`
 * value the server prints.
 */
export function redactUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value.replace(/\/\/([^/@:]*):[^/@]*@/, '//$1:***@');
  }
  let changed = false;
  if (url.password) {
    url.password = '***';
    changed = true;
  }
  for (const name of [...url.searchParams.keys()]) {
    if (SECRET_PARAM.test(name)) {
      url.searchParams.set(name, '***');
      changed = true;
    }
  }
  return changed ? url.href : value;
}
