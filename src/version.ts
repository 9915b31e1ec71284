import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

function findVersion(): string {
  // Compiled output sits one level deeper (dist/src) than the sources (src).
  for (const path of ['../package.json', '../../package.json']) {
    try {
      const manifest = require(path) as { name?: string; version?: string };
      if (manifest.name === 'survey-mcp' && manifest.version) return manifest.version;
    } catch {
      continue;
    }
  }
  return '0.0.0';
}

export const serverVersion = findVersion();
