import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const bin = join(import.meta.dirname, '../../bin/survey-mcp.js');

/** Runs the built CLI as a person would (`npm test` builds first) and keeps what it printed. */
export async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('node', [bin, ...args], { env: { ...process.env, FORCE_COLOR: '0' } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
