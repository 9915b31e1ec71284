/** Where data and rate windows live: `--db` and `--rate-store`, with their variables. */

export const defaultDbFile = 'survey-mcp.db';

/** `--db`, else `SURVEY_MCP_DB`, else a file in the working directory. */
export function resolveDb(flag: string | undefined, env = process.env): string {
  return flag ?? env.SURVEY_MCP_DB ?? defaultDbFile;
}

export function resolveRateStore(flag: string | undefined, env = process.env): string | undefined {
  return flag ?? env.SURVEY_MCP_RATE_STORE;
}

