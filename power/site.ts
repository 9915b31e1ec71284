/**
 * A mutant's identity that survives unrelated edits: its file, mutator, the original and the
 * replacement text and the line it sits on, never a line number. Stryker's own ids are positions
 * in one run and change whenever any earlier code changes.
 */

/** Positions as Stryker hands them to plugins: lines and columns counted from 0. */
export interface Location {
  readonly start: { readonly line: number; readonly column: number };
  readonly end: { readonly line: number; readonly column: number };
}

export interface MutantSite {
  /** Relative to the project root, with forward slashes. */
  readonly file: string;
  readonly mutator: string;
  readonly original: string;
  readonly replacement: string;
  /** The code of the line the mutant starts on, whitespace collapsed. */
  readonly context: string;
}

const MAX_TEXT = 160;

/** Whitespace collapsed, and a long text (a whole block) kept as its head and tail. */
export function shortText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= MAX_TEXT ? flat : `${flat.slice(0, 100)} … ${flat.slice(-50)}`;
}

export function textAt(source: string, location: Location): string {
  const lines = source.split('\n');
  const { start, end } = location;
  if (start.line === end.line) return (lines[start.line] ?? '').slice(start.column, end.column);
  return [(lines[start.line] ?? '').slice(start.column), ...lines.slice(start.line + 1, end.line), (lines[end.line] ?? '').slice(0, end.column)].join('\n');
}

export function siteOf(file: string, source: string, mutant: { mutatorName: string; replacement: string; location: Location }): MutantSite {
  return {
    file,
    mutator: mutant.mutatorName,
    original: shortText(textAt(source, mutant.location)),
    replacement: shortText(mutant.replacement),
    context: shortText(source.split('\n')[mutant.location.start.line] ?? ''),
  };
}

export function siteKey(site: MutantSite): string {
  return [site.file, site.mutator, site.original, site.replacement, site.context].join(' | ');
}

/**
 * Keys of sites in file order, the second and later twins of the same key numbered (`#2`), so that
 * two identical lines of one file stay two mutants.
 */
export function uniqueKeys(sites: readonly MutantSite[]): string[] {
  const seen = new Map<string, number>();
  return sites.map((site) => {
    const key = siteKey(site);
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    return count === 1 ? key : `${key} #${count}`;
  });
}
