import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The package's version, named in every report so that a result can be traced to the runner that
 * judged it. Read from package.json, which sits one level above the sources and two above `dist/`.
 */
function readVersion(): string {
  for (const path of ['../package.json', '../../package.json']) {
    try {
      const manifest = require(path) as { name?: unknown; version?: unknown };
      if (manifest.name === 'survey-mcp' && typeof manifest.version === 'string') return manifest.version;
    } catch {
      continue;
    }
  }
  throw new TypeError('survey-mcp conformance: package.json not found beside the runner');
}

export const toolVersion = readVersion();
