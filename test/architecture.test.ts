import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

/** What each part of the code may import (architecture.md: dependencies point down only). */
const allowed: Record<string, readonly string[]> = {
  cli: ['cli', 'server', 'config', 'conformance', 'http', 'mcp', 'oauth', 'platform', 'store', 'limits', 'telemetry', 'version', 'redact-url'],
  server: ['config', 'http', 'mcp', 'oauth', 'platform', 'store', 'limits', 'telemetry', 'redact-url'],
  http: ['http', 'mcp', 'oauth', 'platform', 'store', 'limits', 'telemetry'],
  mcp: ['mcp', 'platform', 'store', 'version'],
  oauth: ['oauth', 'platform', 'store', 'limits'],
  platform: ['platform', 'store'],
  store: ['store', 'redact-url'],
  limits: ['limits', 'redact-url'],
  config: ['config', 'limits', 'telemetry'],
  telemetry: ['telemetry'],
  version: [],
  'redact-url': [],
  conformance: ['conformance'],
};

/** Packages that would tie a lower layer to HTTP or MCP. */
const protocolPackages = /^(express|@modelcontextprotocol\/(sdk|server|client))(\/|$)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** `src/http/mcp-app.ts` → `http`; `src/config.ts` → `config`; `conformance/…` → `conformance`. */
function partOf(file: string): string {
  const [top, next] = relative(root, file).split('/');
  if (top === 'conformance') return 'conformance';
  return next!.replace(/\.(ts|js)$/, '');
}

// `import … from '…'`, `export … from '…'`, a bare `import '…'`, and `import('…')`.
const importPattern = /^\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'|^\s*import\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/gm;

function importsOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(importPattern)].map((match) => (match[1] ?? match[2] ?? match[3])!);
}

const files = [...sourceFiles(join(root, 'src')), ...sourceFiles(join(root, 'conformance'))];

describe('layers', () => {
  it('finds the code it checks', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('lets every module import only its own part and the parts below it', () => {
    const violations = files.flatMap((file) => {
      const from = partOf(file);
      return importsOf(file)
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => partOf(resolve(dirname(file), specifier)))
        .filter((to) => !allowed[from]!.includes(to))
        .map((to) => `${relative(root, file)} (${from}) imports ${to}`);
    });
    expect(violations).toEqual([]);
  });

  it('keeps HTTP and MCP out of the platform, the store, the limits and the telemetry', () => {
    const violations = files
      .filter((file) => ['platform', 'store', 'limits', 'telemetry'].includes(partOf(file)))
      .flatMap((file) => importsOf(file).filter((specifier) => protocolPackages.test(specifier)).map((pkg) => `${relative(root, file)} imports ${pkg}`));
    expect(violations).toEqual([]);
  });

  it('keeps the conformance runner free of the server: it only speaks HTTP', () => {
    const intoServer = files
      .filter((file) => partOf(file) === 'conformance')
      .flatMap((file) => importsOf(file).filter((specifier) => specifier.includes('/src/')).map((s) => `${relative(root, file)} imports ${s}`));
    expect(intoServer).toEqual([]);
  });

  it('has no import circle: no module reaches itself through its imports', () => {
    const graph = new Map(
      files.map((file) => [
        file,
        importsOf(file)
          .filter((specifier) => specifier.startsWith('.'))
          .map((specifier) => resolve(dirname(file), specifier).replace(/\.js$/, '.ts')),
      ]),
    );
    const circles: string[] = [];
    const done = new Set<string>();
    const visit = (file: string, path: string[]): void => {
      const seen = path.indexOf(file);
      if (seen >= 0) return void circles.push([...path.slice(seen), file].map((f) => relative(root, f)).join(' → '));
      if (done.has(file)) return;
      for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
      done.add(file);
    };
    for (const file of files) visit(file, []);
    expect(circles).toEqual([]);
  });
});
