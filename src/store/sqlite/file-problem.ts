import { accessSync, closeSync, constants, openSync, statSync, unlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * Why a SQLite file cannot be opened at `path`, and what to do, for when SQLite has said only
 * "unable to open database file". Looks at the directory first, then asks the OS by creating the
 * file itself (removed again at once), so the reason is the OS's own (EACCES, EROFS, …).
 */
export function sqliteFileProblem(path: string): string {
  const file = resolve(path);
  const dir = dirname(file);
  const dirStat = statSync(dir, { throwIfNoEntry: false });
  if (!dirStat) return `the directory ${dir} does not exist: create it or choose another path`;
  if (!dirStat.isDirectory()) return `${dir} is not a directory: choose a path inside a directory`;
  const fileStat = statSync(file, { throwIfNoEntry: false });
  if (fileStat?.isDirectory()) return `${file} is a directory: name a file in it, e.g. ${join(file, 'survey-mcp.db')}`;
  try {
    if (fileStat) accessSync(file, constants.R_OK | constants.W_OK);
    else {
      closeSync(openSync(file, 'wx'));
      unlinkSync(file);
    }
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    const what = fileStat ? `${file} cannot be read and written` : `no file can be created in ${dir}`;
    return `${what} (${code ?? message}): choose a writable path${fileStat ? ' or change its permissions' : ''}`;
  }
  return `SQLite cannot open ${file} as a database: choose another path on a local, writable disk`;
}
