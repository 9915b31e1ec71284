import { outcomeOf, type ClientRow } from '../client-row.js';
import { CodexCli } from '../codex-cli.js';
import { pinnedClients } from '../installed-client.js';

/**
 * Codex CLI as a person connects it: `codex mcp login` registers by DCR and signs in through the
 * (scripted) browser; its app server then lists and calls the tools over the stored token, as
 * its terminal and IDE interfaces do, in an ephemeral thread (no model is asked).
 */
export const codexCli: ClientRow = {
  name: `Codex CLI ${pinnedClients['@openai/codex']} (codex mcp login, DCR), OAuth with a scripted browser`,
  streamGetStatus: 404,
  async connect(server, email) {
    const cli = await CodexCli.start(server, email);
    try {
      await cli.login('dcr');
      const app = await cli.appServer();
      const { thread } = (await app.request('thread/start', { ephemeral: true, cwd: cli.home })) as { thread: { id: string } };
      return {
        async toolNames() {
          const { data } = (await app.request('mcpServerStatus/list', { detail: 'toolsAndAuthOnly', serverName: 'survey' })) as {
            data: Array<{ name: string; authStatus: string; tools: Record<string, unknown>; toolsError: string | null }>;
          };
          const survey = data.find((status) => status.name === 'survey');
          if (!survey || survey.toolsError !== null) throw new Error(`Codex lists no tools for survey: ${JSON.stringify(survey ?? data)}`);
          return Object.keys(survey.tools);
        },
        callTool: async (name, args) =>
          outcomeOf(await app.request('mcpServer/tool/call', { threadId: thread.id, server: 'survey', tool: name, arguments: args })),
        async close() {
          await app.close();
          await cli.close();
        },
      };
    } catch (error) {
      await cli.close();
      throw error;
    }
  },
};
