import { InvalidArgumentError, Option } from 'commander';

/** Wraps a parser that throws RangeError so commander reports it as a usage error. */
export function argument<T>(parse: (flag: string, value: string) => T, flag: string) {
  return (value: string): T => {
    try {
      return parse(flag, value);
    } catch (error) {
      throw new InvalidArgumentError((error as Error).message);
    }
  };
}

/** `--db`: every command that touches the store takes it, so admin commands and `serve` agree. */
export const dbOption = (): Option =>
  new Option(
    '--db <location>',
    'store: a SQLite file path, sqlite:PATH or postgres://… (default: $SURVEY_MCP_DB, else ./survey-mcp.db)',
  );

/** `--create`: an admin command makes a new SQLite store instead of refusing a path with none. */
export const createOption = (): Option => new Option('--create', 'make a new, empty SQLite store when --db names a file that does not exist');
