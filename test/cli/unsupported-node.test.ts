/**
 * On a Node older than package.json's `engines` the native SQLite module used to crash `serve`
 * (segmentation fault, exit 139, no message). The command checks first: one line, exit 1.
 * The old Node is the machine's own (`/usr/bin/node`, Debian's 20), or `SURVEY_MCP_OLD_NODE`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { root } from '../helpers/build.js';

const oldNode = process.env.SURVEY_MCP_OLD_NODE ?? '/usr/bin/node';
const needed = Number(/\d+/.exec((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node)![0]);

it('refuses an unsupported Node with one line naming the version it needs and how to get it, exit 1', () => {
  const version = execFileSync(oldNode, ['--version'], { encoding: 'utf8' }).trim();
  expect(Number(version.slice(1).split('.')[0]), `${oldNode} is ${version}: the test needs a Node older than ${needed}`).toBeLessThan(needed);
  const run = spawnSync(oldNode, [join(root, 'bin/survey-mcp.js'), 'serve', '--port', '0', '--auth-port', '0', '--db', ':memory:'], { encoding: 'utf8', timeout: 20_000 });
  expect(run.status).toBe(1);
  expect(run.stdout).toBe('');
  expect(run.stderr).toBe(
    `survey-mcp: needs Node.js ${needed} or newer, this is ${version}: install it from https://nodejs.org/en/download (or \`nvm install ${needed}\`), then run survey-mcp again\n`,
  );
});
