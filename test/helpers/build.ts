import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
const builtEntry = join(root, 'dist/src/cli/main.js');

/** The newest file `npm run build` compiles (or is configured by), with its modification time. */
function newestSource(): { file: string; mtimeMs: number } {
  const files = ['package.json', 'tsconfig.json', 'tsconfig.build.json'];
  for (const dir of ['src', 'conformance']) {
    for (const name of readdirSync(join(root, dir), { recursive: true }) as string[]) {
      if (name.endsWith('.ts') && !name.endsWith('.test.ts')) files.push(join(dir, name));
    }
  }
  return files
    .map((file) => ({ file, mtimeMs: statSync(join(root, file)).mtimeMs }))
    .reduce((newest, candidate) => (candidate.mtimeMs > newest.mtimeMs ? candidate : newest));
}

/** Why dist/ cannot be trusted to be the code under test, or undefined when it is current. */
export function staleBuild(): string | undefined {
  const builtMs = statSync(builtEntry, { throwIfNoEntry: false })?.mtimeMs;
  if (builtMs === undefined) return 'dist/ has not been built';
  const newest = newestSource();
  return newest.mtimeMs > builtMs ? `${newest.file} changed after dist/ was built` : undefined;
}
