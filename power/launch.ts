/**
 * `npm run runner-power`: the runner's power measured by mutants of our own server. StrykerJS
 * (command runner, mutation switching) builds the server once in its sandbox; for each sampled
 * mutant power/mutant.sh runs the built runner against the built server (mutant-run.ts); then the
 * report is written to docs/runner-power.json and the table in docs/runner-power.md.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { MUTATE } from './areas.js';
import { buildReport, loadReasons, REASONS_FILE, reportTable, withTable } from './report.js';
import { parseVerdicts, powerSettings, settingsEnv, type PowerSettings } from './settings.js';

const usage = `npm run runner-power -- [--seed S] [--size N] [--mutate GLOB]... [--resume] [--remeasure VERDICT]... [--report-only]`;
const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '31' },
    size: { type: 'string', default: '300' },
    mutate: { type: 'string', multiple: true },
    resume: { type: 'boolean', default: false },
    remeasure: { type: 'string', multiple: true },
    'report-only': { type: 'boolean', default: false },
    concurrency: { type: 'string', default: '1' },
  },
});
const size = Number(values.size);
const concurrency = Number(values.concurrency);
if (!Number.isInteger(size) || size < 1) throw new Error(`--size must be a whole number of mutants ≥ 1, got '${values.size.slice(0, 20)}' (${usage})`);
if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`--concurrency must be a whole number ≥ 1, got '${values.concurrency.slice(0, 20)}'`);

const settings = powerSettings(resolve('reports/runner-power'), resolve('power/measured.json'), values.seed, size, values.resume, parseVerdicts(values.remeasure ?? []));
const page = 'docs/runner-power.md';

function makeCertificates(dir: string): void {
  if (existsSync(join(dir, 'ca.crt'))) return;
  mkdirSync(dir, { recursive: true });
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  run('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '30', '-subj', '/CN=runner-power CA', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign');
  run('req', ...ec, '-keyout', 'leaf.key', '-out', 'leaf.csr', '-subj', '/CN=127.0.0.1');
  writeFileSync(join(dir, 'leaf.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n');
  run('x509', '-req', '-in', 'leaf.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'leaf.crt', '-days', '30', '-extfile', 'leaf.ext');
}

function strykerConfig(mutate: readonly string[]) {
  return {
    testRunner: 'command',
    commandRunner: { command: 'sh power/mutant.sh' },
    buildCommand: 'sh power/build-sandbox.sh',
    symlinkNodeModules: false,
    mutate,
    concurrency,
    coverageAnalysis: 'off',
    checkers: [],
    incremental: false,
    reporters: ['runner-power', 'progress-append-only'],
    ignorers: ['shipped-as-text'],
    appendPlugins: [resolve('dist/power/stryker-plugin.js')],
    // A mutant that hangs the server makes the runner wait out its request timeouts.
    timeoutMS: 60_000,
    ignorePatterns: ['dist', 'test', 'docs', 'reports', 'bench/results*'],
    disableTypeChecks: 'src/**/*.ts',
    tempDirName: '.stryker-tmp',
    cleanTempDir: true,
    fileLogLevel: 'off',
  };
}

async function runStryker(settings: PowerSettings, mutate: readonly string[]): Promise<number | null> {
  new Database(':memory:').close();
  makeCertificates(settings.certificates);
  rmSync(settings.runs, { recursive: true, force: true });
  rmSync(settings.sample, { force: true });
  mkdirSync(settings.runs, { recursive: true });
  const config = join(settings.out, 'stryker.config.json');
  writeFileSync(config, JSON.stringify(strykerConfig(mutate), null, 2));
  const env = { ...process.env, ...settingsEnv(settings), RUNNER_POWER_NODE: process.execPath, RUNNER_POWER_NODE_MODULES: resolve('node_modules') };
  const stryker = spawn(process.execPath, [resolve('node_modules/@stryker-mutator/core/bin/stryker.js'), 'run', config], { env, stdio: 'inherit' });
  return new Promise((done) => stryker.once('exit', done));
}

function writeReport(settings: PowerSettings): void {
  const report = buildReport(settings, loadReasons(REASONS_FILE));
  writeFileSync('docs/runner-power.json', `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(page, withTable(readFileSync(page, 'utf8'), reportTable(report)));
  const { caught, survived } = report.totals;
  console.log(`runner-power: ${report.measured} of ${report.sampled} sampled mutants measured: ${caught} caught, ${survived} survived → docs/runner-power.json, ${page}`);
}

mkdirSync(settings.out, { recursive: true });
if (!values['report-only']) {
  const code = await runStryker(settings, values.mutate ?? MUTATE);
  if (code !== 0) console.error(`runner-power: Stryker exited with code ${code}; the report covers the mutants measured so far`);
}
if (existsSync(settings.sample)) writeReport(settings);
else console.error('runner-power: no sample yet (Stryker stopped before planning its mutants): no report');
