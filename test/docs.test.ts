/**
 * The README and the pages under docs/ against what they describe: links and anchors resolve,
 * each page's contents list is its headings, every flag of `serve` and `conformance` is
 * documented as `--help` has it, every example command parses, and the counts they quote are
 * the code's.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../conformance/catalog.js';
import { renderRequirementTrace } from '../conformance/reporters/requirements.js';
import { REQUIREMENTS } from '../conformance/requirements/manifest.js';
import { buildProgram } from '../src/cli/program.js';
import { surveyTools } from '../src/mcp/tools/index.js';
import { root } from './helpers/build.js';

const pages = ['README.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];
const text = new Map(pages.map((page) => [page, readFileSync(join(root, page), 'utf8')]));

/** Lines outside fenced code blocks. */
function prose(page: string): string[] {
  let fenced = false;
  return text.get(page)!.split('\n').filter((line) => {
    if (line.startsWith('```')) fenced = !fenced;
    return !fenced && !line.startsWith('```');
  });
}

/** Fenced code blocks of the given languages. */
function codeBlocks(page: string, languages: readonly string[]): string[] {
  return [...text.get(page)!.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].filter(([, language]) => languages.includes(language!)).map(([, , body]) => body!);
}

/** GitHub's anchor for a heading. */
const slug = (heading: string) =>
  heading
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');

function anchors(page: string): Set<string> {
  if (!text.has(page)) text.set(page, readFileSync(join(root, page), 'utf8'));
  const found = new Set<string>();
  for (const line of prose(page)) {
    const heading = /^#{1,6} (.+)$/.exec(line);
    if (heading) found.add(slug(heading[1]!));
    for (const [, id] of line.matchAll(/<a id="([^"]+)"><\/a>/g)) found.add(id!);
  }
  return found;
}

/** The `| \`--flag <value>\` | … |` rows of the table under a heading. */
function flagTable(page: string, heading: string): string[] {
  const lines = prose(page);
  const start = lines.indexOf(heading);
  expect(start, `${page} has no heading ${heading}`).toBeGreaterThan(-1);
  const rows: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('## ')) break;
    const row = /^\| `(--[^`]+)` \|/.exec(line);
    if (row) rows.push(row[1]!);
  }
  return rows;
}

const command = (name: string): Command => buildProgram().commands.find((each) => each.name() === name)!;

describe('the README and docs/', () => {
  it('link only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const page of pages) {
      for (const line of prose(page)) {
        for (const [, target] of line.matchAll(/\]\(([^)\s]+)\)/g)) {
          if (/^[a-z]+:/.test(target!)) continue;
          const [path, anchor] = target!.split('#') as [string, string | undefined];
          const file = path === '' ? page : relative(root, join(root, dirname(page), path));
          if (!existsSync(join(root, file))) broken.push(`${page}: ${target} (no file ${file})`);
          else if (anchor && file.endsWith('.md') && !anchors(file).has(anchor)) broken.push(`${page}: ${target} (no heading #${anchor} in ${file})`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('give every docs page a contents list that is its headings, in order', () => {
    for (const page of pages.filter((each) => each.startsWith('docs/'))) {
      const lines = prose(page);
      const headings = lines.filter((line) => line.startsWith('## ')).map((line) => line.slice(3));
      const start = lines.indexOf('**Contents**');
      expect(start, `${page} has no **Contents**`).toBeGreaterThan(-1);
      const contents = lines.slice(start + 2).filter((line, index, all) => all.slice(0, index + 1).every((each) => each.startsWith('- [')));
      expect(contents, page).toEqual(headings.map((heading) => `- [${heading}](#${slug(heading)})`));
    }
  });

  it('document every flag of serve exactly as --help has it, and no other', () => {
    expect(flagTable('docs/commands.md', '## Every flag of `serve`')).toEqual(command('serve').options.map((option) => option.flags));
  });

  it('document every flag of conformance exactly as --help has it, and no other', () => {
    expect(flagTable('docs/conformance.md', '## Flags')).toEqual(command('conformance').options.map((option) => option.flags));
  });

  it('give example commands that parse: known commands, known flags, values their parsers accept', async () => {
    const examples = pages.flatMap((page) => codeBlocks(page, ['sh', 'yaml']).flatMap((block) => exampleCommands(block).map((args) => ({ page, args }))));
    expect(examples.length).toBeGreaterThan(10);
    const refused: string[] = [];
    for (const { page, args } of examples) {
      const program = buildProgram();
      const silence = (each: Command): void => {
        each.action(() => undefined).configureOutput({ writeErr: () => undefined, writeOut: () => undefined });
        each.commands.forEach(silence);
      };
      silence(program);
      try {
        await program.parseAsync(args, { from: 'user' });
      } catch (error) {
        if ((error as { code?: string }).code !== 'commander.helpDisplayed' && (error as { code?: string }).code !== 'commander.version') {
          refused.push(`${page}: survey-mcp ${args.join(' ')}: ${(error as Error).message}`);
        }
      }
    }
    expect(refused).toEqual([]);
  });

  // The package is not on the npm registry: `npx survey-mcp` works in the clone, where its bin is
  // linked, and nowhere else (E404). A recipe must run there, or install the packed package first.
  it('run survey-mcp only where it is installed: in the clone, or after installing the packed package', () => {
    const installs = /npm (?:ci|install)\b|npm pack\b/;
    const outsideClone = /^\s*cd\s+(?!survey-mcp\b)/m;
    const unreachable: string[] = [];
    for (const page of pages) {
      for (const block of codeBlocks(page, ['sh', 'bash', 'yaml'])) {
        const calls = /\bnpx survey-mcp\b/.exec(block);
        if (!calls) continue;
        const before = block.slice(0, calls.index);
        const isJob = /^\s*(?:-\s*)?(?:runs-on|steps):/m.test(block);
        if (isJob && !(/actions\/checkout@/.test(before) && installs.test(before))) unreachable.push(`${page}: a CI job calls npx survey-mcp without a checkout and npm ci`);
        if (outsideClone.test(before) && !installs.test(before)) unreachable.push(`${page}: npx survey-mcp after a cd out of the clone, with nothing installed there`);
      }
    }
    expect(unreachable).toEqual([]);
  });

  it('leave readiness 503s out of the 5xx alert: they are the probe doing its job', () => {
    const alert = /alert: SurveyMcpServerErrors[^\n]*\n\s*expr: (.*)/.exec(text.get('docs/operations.md')!)?.[1];
    const selectors = [...(alert ?? '').matchAll(/survey_mcp_http_requests_total\{([^}]*)\}/g)].map(([, labels]) => labels!);
    expect(selectors).toHaveLength(2);
    for (const labels of selectors) expect(labels).toContain('route!="/readyz"');
  });

  it('quote the number of checks the catalog has, the number of tools, and the trace summary', () => {
    const all = pages.map((page) => prose(page).join('\n') + codeBlocks(page, ['']).join('\n')).join('\n');
    // Not the tail of a date (`2025-11-25 checks`) nor a path (`tools/call`).
    const checkCounts = [...all.matchAll(/(?<![-\d])\b(\d[\d,]*) checks\b(?!\/)/g)].map(([, count]) => Number(count!.replace(/,/g, '')));
    expect(checkCounts.length).toBeGreaterThan(2);
    expect(new Set(checkCounts)).toEqual(new Set([CATALOG.length]));
    const spelled: Record<string, number> = { thirteen: 13, fourteen: 14, fifteen: 15 };
    const toolCounts = [...all.matchAll(/(?<![-\d])\b(thirteen|fourteen|fifteen|\d+) tools\b(?!\/)/gi)].map(([, count]) => spelled[count!.toLowerCase()] ?? Number(count));
    expect(new Set(toolCounts)).toEqual(new Set([surveyTools.length]));
    const summary = renderRequirementTrace(REQUIREMENTS, CATALOG)
      .split('\n')
      .find((line) => / requirements: \d+ proven\b/.test(line))!;
    expect(summary).toBeDefined();
    expect(text.get('docs/requirements.md')).toContain(summary);
  });

  it('quote the number of test files vitest runs', () => {
    const included = ['src', 'conformance', 'power', 'test'].flatMap((dir) => (readdirSync(join(root, dir), { recursive: true }) as string[]).filter((name) => name.endsWith('.test.ts')));
    const quoted = /every test: (\d+) test files/.exec(text.get('docs/development.md')!.replace(/\s+/g, ' '));
    expect(Number(quoted?.[1])).toBe(included.length);
  });
});

/**
 * `survey-mcp …` command lines of a shell or YAML block, as argument lists: continuation lines
 * joined, comments and redirections dropped, shell values (`"$(…)"`, `$VAR`, `${{ … }}`) replaced
 * by a value of the kind the flag takes. Synopsis lines (`[--flag …]`) are not examples.
 */
function exampleCommands(block: string): string[][] {
  const commands: string[][] = [];
  for (const line of logicalLines(block)) {
    const found = /(?:^|[\s(=])(?:npx )?survey-mcp (.*)$/.exec(line);
    if (!found) continue;
    const words = (closedSubstitution(found[1]!.replace(/\s#\s.*$/, '').replace(/\s*(&|>>?|\||;).*$/, '')).match(/"[^"]*"|'[^']*'|\S+/g) ?? []).map((word) =>
      word.replace(/^["']|["']$/g, ''),
    );
    if (words.some((word) => word.startsWith('[') || word === '…')) continue;
    commands.push(words.map((word, index) => (word.includes('$') ? placeholder(words[index - 1]) : word)));
  }
  return commands;
}

/**
 * The end of a command that sits inside `$(…)`: the `)` that closes it, and the `"` around it when
 * the command itself opened none (`TOKEN="$(survey-mcp token issue …)"`).
 */
function closedSubstitution(command: string): string {
  const unbalanced = (command.match(/"/g) ?? []).length % 2 === 1;
  return (unbalanced ? command.replace(/\)"\s*$/, '') : command).replace(/\)\s*$/, '');
}

/** Lines as the shell or YAML reads them: `\` continuations and `key: >` folded scalars joined. */
function logicalLines(block: string): string[] {
  const lines = block.replace(/\\\n\s*/g, ' ').split('\n');
  const joined: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (!/:\s*>\s*$/.test(line)) {
      joined.push(line);
      continue;
    }
    const indent = /^\s*/.exec(line)![0].length;
    const folded: string[] = [];
    while (index + 1 < lines.length && /^\s*/.exec(lines[index + 1]!)![0].length > indent) folded.push(lines[++index]!.trim());
    joined.push(folded.join(' '));
  }
  return joined;
}

function placeholder(flag: string | undefined): string {
  if (flag && /url|issuer/.test(flag)) return 'https://staging.example';
  if (flag === '--user') return 'qa-bot@example.com';
  return 'value-from-the-shell';
}
