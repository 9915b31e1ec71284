import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root, staleBuild } from '../helpers/build.js';

interface PackResult {
  readonly filename: string;
  readonly files: readonly { path: string }[];
}

const destination = mkdtempSync(join(tmpdir(), 'survey-mcp-pack-'));
let packed: string[] = [];
let manifest: { scripts?: Record<string, string>; bin?: Record<string, string>; license?: string } = {};

// `npm pack` as a publish makes it, minus the lifecycle scripts (prepack empties dist/ and prepare
// rebuilds it, which would pull dist/ from under the other CLI tests): what is packed is the build
// on disk, so it must be current.
beforeAll(() => {
  const stale = staleBuild();
  if (stale) throw new Error(`the package is packed from dist/, but ${stale}: run \`npm run build\` first (npm test does)`);
  const output = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', destination], { cwd: root, encoding: 'utf8' });
  const [result] = JSON.parse(output) as PackResult[];
  packed = result!.files.map((file) => file.path);
  manifest = JSON.parse(execFileSync('tar', ['-xzOf', join(destination, result!.filename), 'package/package.json'], { encoding: 'utf8' }));
}, 60_000);

afterAll(() => rmSync(destination, { recursive: true, force: true }));

describe('the published package', () => {
  it('holds the command, the compiled server and runner, the report schema, the README and the LICENSE', () => {
    expect(packed).toEqual(
      expect.arrayContaining(['bin/survey-mcp.js', 'dist/src/cli/main.js', 'dist/conformance/cli.js', 'schemas/report.v1.json', 'README.md', 'LICENSE', 'package.json']),
    );
    expect(manifest.bin).toEqual({ 'survey-mcp': 'bin/survey-mcp.js' });
    expect(manifest.license).toBe('MIT');
  });

  it('ships no source maps (their sources are not shipped), no bench code and no tests', () => {
    expect(packed.filter((path) => path.endsWith('.map'))).toEqual([]);
    expect(packed.filter((path) => path.includes('bench'))).toEqual([]);
    expect(packed.filter((path) => /(^|\/)test\/|\.test\.js$/.test(path))).toEqual([]);
    expect(packed.filter((path) => !path.startsWith('dist/') && !path.startsWith('bin/')).sort()).toEqual(['LICENSE', 'README.md', 'package.json', 'schemas/report.v1.json']);
  });

  it('runs no script when a consumer installs it', () => {
    const scripts = Object.keys(manifest.scripts ?? {});
    expect(scripts.filter((name) => ['preinstall', 'install', 'postinstall'].includes(name))).toEqual([]);
  });
});
