import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const launcher = require.resolve('@modelcontextprotocol/inspector/clients/launcher/build/index.js');
const cli = require.resolve('@modelcontextprotocol/inspector/clients/cli/build/index.js');

/** The SDK 2.x client as the Inspector's command line loads it: its own copy, whatever version it pins. */
export function inspectorsOwnClient(): typeof import('@modelcontextprotocol/client') {
  return createRequire(cli)('@modelcontextprotocol/client') as typeof import('@modelcontextprotocol/client');
}

export interface InspectorRun {
  /** 0 when the method succeeded; 5 when a tool answered with a tool error. */
  readonly code: number;
  /** What it printed on stdout, parsed: the method's result. */
  readonly result: Record<string, any>;
  readonly stderr: string;
}

/**
 * `npx @modelcontextprotocol/inspector --cli URL --transport http --header "Authorization: Bearer …"
 * --method …` as a developer types it; each run connects afresh (initialize, the stream GET, the
 * method) and exits. Bounded: a run that hangs is killed after 30 s.
 */
export function runInspector(url: string, token: string, method: readonly string[]): Promise<InspectorRun> {
  const args = [launcher, '--cli', url, '--transport', 'http', '--header', `Authorization: Bearer ${token}`, '--method', ...method];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { timeout: 30_000, env: { ...process.env, NO_COLOR: '1' } }, (error, stdout, stderr) => {
      const code = error ? error.code : 0;
      if (typeof code !== 'number') return reject(new Error(`the Inspector did not finish (${error?.message}):\n${stderr}`));
      try {
        resolve({ code, result: JSON.parse(stdout) as Record<string, any>, stderr });
      } catch {
        reject(new Error(`the Inspector exited ${code} without a JSON result:\n${stdout}\n${stderr}`));
      }
    });
  });
}
