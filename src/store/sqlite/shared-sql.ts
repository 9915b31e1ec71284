/** A statement shared with PostgreSQL numbers its parameters in order (`$1`, `$2`): SQLite takes them as `?`. */
export const anonymousParameters = (sql: string): string => sql.replace(/\$\d/g, '?');
