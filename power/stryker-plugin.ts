/**
 * A Stryker reporter that draws the seeded sample when Stryker has planned its mutants, tells the
 * command which ids to run (power/mutant.sh skips the others), and files each tested mutant's
 * runner outcome under its stable identity. It runs inside Stryker's own process.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import type { MutantResult } from '@stryker-mutator/api/core';
import type { Ignorer, NodePath } from '@stryker-mutator/api/ignore';
import { declareClassPlugin, PluginKind } from '@stryker-mutator/api/plugin';
import type { MutationTestingPlanReadyEvent, Reporter } from '@stryker-mutator/api/report';
import type { MutantRecord, RunnerOutcome } from './outcome.js';
import { isReusable, loadMeasured, saveMeasured } from './measured.js';
import { loadReasons, REASONS_FILE } from './report.js';
import { seededSample } from './sample.js';
import { powerEnv } from './settings.js';
import { siteOf, uniqueKeys } from './site.js';

interface Planned {
  readonly key: string;
  readonly fileDigest: string;
}

const readJson = <T>(file: string): T | undefined => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined);

export class RunnerPowerReporter implements Reporter {
  static readonly inject = [] as const;
  private readonly settings = powerEnv(process.env);
  private readonly toRun = new Map<string, Planned>();
  private readonly measured = loadMeasured(this.settings.measured);

  onMutationTestingPlanReady({ mutantPlans }: MutationTestingPlanReadyEvent): void {
    const byFile = new Map<string, MutationTestingPlanReadyEvent['mutantPlans'][number][]>();
    for (const plan of mutantPlans) {
      if (plan.plan !== 'Run') continue;
      byFile.set(plan.mutant.fileName, [...(byFile.get(plan.mutant.fileName) ?? []), plan]);
    }
    const planned = new Map<string, Planned>();
    for (const [fileName, plans] of byFile) {
      const source = readFileSync(fileName, 'utf8');
      const file = (isAbsolute(fileName) ? relative(process.cwd(), fileName) : fileName).split('\\').join('/');
      const fileDigest = createHash('sha256').update(source).digest('hex');
      const keys = uniqueKeys(plans.map(({ mutant }) => siteOf(file, source, mutant)));
      plans.forEach(({ mutant }, index) => planned.set(mutant.id, { key: keys[index]!, fileDigest }));
    }
    const sample = seededSample([...planned.values()].map((entry) => entry.key), this.settings.seed, this.settings.size);
    const sampled = [...planned].filter(([, entry]) => sample.has(entry.key));
    const reasons = loadReasons(REASONS_FILE);
    let reused = 0;
    for (const [id, entry] of sampled) {
      if (this.settings.resume && isReusable(this.measured.get(entry.key), entry.fileDigest, reasons, this.settings.remeasure)) reused += 1;
      else this.toRun.set(id, entry);
    }
    writeFileSync(this.settings.toRun, [...this.toRun.keys()].map((id) => `${id}\n`).join(''));
    writeFileSync(
      this.settings.sample,
      JSON.stringify(
        { seed: this.settings.seed, size: this.settings.size, population: planned.size, sampled: sampled.map(([, entry]) => entry.key).sort(), reused },
        null,
        2,
      ),
    );
    console.log(`runner-power: ${planned.size} mutants, ${sampled.length} sampled (seed ${this.settings.seed}), ${reused} reused, ${this.toRun.size} to run`);
  }

  onMutantTested(result: Readonly<MutantResult>): void {
    const entry = this.toRun.get(result.id);
    if (!entry) return;
    const runner = readJson<RunnerOutcome>(join(this.settings.runs, `${result.id}.json`));
    const record: MutantRecord = { key: entry.key, strykerStatus: result.status, ...(runner ? { runner } : {}), fileDigest: entry.fileDigest, measuredAt: new Date().toISOString() };
    this.measured.set(entry.key, record);
    saveMeasured(this.settings.measured, this.measured);
  }
}

/** Functions whose source text is shipped to a worker (`eval`): the switch's helpers do not exist there. */
const SHIPPED_AS_TEXT = ['writerThread', 'batchWriter', 'tuneLogConnection'];

export class ShippedAsTextIgnorer implements Ignorer {
  static readonly inject = [] as const;

  shouldIgnore(path: NodePath): string | undefined {
    const node = (path as { node?: { type?: string; id?: { name?: string } | null } }).node;
    return node?.type === 'FunctionDeclaration' && SHIPPED_AS_TEXT.includes(node.id?.name ?? '')
      ? 'its source text runs in a worker thread, where mutation switching cannot reach it'
      : undefined;
  }
}

export const strykerPlugins = [
  declareClassPlugin(PluginKind.Reporter, 'runner-power', RunnerPowerReporter),
  declareClassPlugin(PluginKind.Ignore, 'shipped-as-text', ShippedAsTextIgnorer),
];
