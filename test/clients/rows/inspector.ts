import { tokenFor } from '../../helpers/mcp.js';
import { outcomeOf, type ClientRow } from '../client-row.js';
import { runInspector } from '../inspector-cli.js';

/**
 * The MCP Inspector's command line, 2.12, with a bearer token in a header (its OAuth is a web
 * page, and OAuth is proven by the rows above). Its client takes only 405 or an event stream for
 * the stream GET, so it runs against `serve --stream-get-status 405`.
 */
export const inspectorCli: ClientRow = {
  name: 'MCP Inspector CLI (@modelcontextprotocol/inspector 2.12), bearer header',
  streamGetStatus: 405,
  async connect(server, email) {
    const url = `${server.baseUrl}/`;
    const token = await tokenFor(server, email);
    return {
      async toolNames() {
        const run = await runInspector(url, token, ['tools/list']);
        return (run.result.tools as Array<{ name: string }>).map((tool) => tool.name);
      },
      async callTool(name, args) {
        const toolArgs = Object.entries(args).map(([key, value]) => `${key}=${value}`);
        const run = await runInspector(url, token, ['tools/call', '--tool-name', name, ...(toolArgs.length ? ['--tool-arg', ...toolArgs] : [])]);
        const outcome = outcomeOf(run.result);
        // Its exit status says the same as the result: 5 for a tool error.
        if (run.code !== (outcome.isError ? 5 : 0)) throw new Error(`the Inspector exited ${run.code} for ${JSON.stringify(run.result)}`);
        return outcome;
      },
      close: async () => {},
    };
  },
};
