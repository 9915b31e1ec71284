/**
 * SARIF 2.1.0 (OASIS), the format GitHub code scanning and other CI dashboards read: a rule per
 * check run, a result per failure (`error`) and warning (`warning`). GitHub refuses a file in
 * which any result lacks a physical location, and a deployment has no source line, so every
 * result is anchored to one file of the repository running the job (`anchor`: by default the
 * workflow file itself), with the deployment's URL as its logical location.
 */
import type { Log, ReportingDescriptor, Result } from 'sarif';
import type { CheckResult, Report } from '../report.js';

const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const DOCS = 'docs/conformance.md';

export interface SarifOptions {
  /** A path in the repository (or a URI) every result points at. */
  readonly anchor: string;
}

export function renderSarif(report: Report, options: SarifOptions): string {
  const judged = report.results;
  const rules = judged.map(ruleOf);
  const results = judged
    .filter((result) => result.status === 'fail' || result.status === 'warn')
    .map((result) => resultOf(result, rules.findIndex((rule) => rule.id === result.id), report, options.anchor));
  const log: Log = {
    version: '2.1.0',
    $schema: SARIF_SCHEMA,
    runs: [
      {
        tool: {
          driver: {
            name: 'survey-mcp conformance',
            version: report.tool.version,
            semanticVersion: report.tool.version,
            rules,
          },
        },
        automationDetails: { id: `survey-mcp-conformance/${report.target}/` },
        invocations: [
          {
            executionSuccessful: report.setupError === undefined,
            startTimeUtc: report.startedAt,
            endTimeUtc: new Date(Date.parse(report.startedAt) + report.durationMs).toISOString(),
            ...(report.setupError === undefined
              ? {}
              : { toolExecutionNotifications: [{ level: 'error' as const, message: { text: `no check was run: ${report.setupError}` } }] }),
          },
        ],
        results,
        properties: { target: report.target, ...(report.eras ? { eras: report.eras } : {}), counts: report.counts },
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

function ruleOf(result: CheckResult): ReportingDescriptor {
  const anchor = result.id;
  return {
    id: result.id,
    name: result.id.replace(/(^|-)([a-z0-9])/g, (_, _dash: string, letter: string) => letter.toUpperCase()),
    shortDescription: { text: result.title },
    fullDescription: { text: `${result.title} (${result.level}, ${result.spec})` },
    help: {
      text: `${result.title}. Rule: ${result.level}, ${result.spec}. What the check sends and judges: ${DOCS} and docs/runner-checks.md (check ${anchor}); reading a red run: docs/runner.md.`,
      markdown: `**${result.title}**\n\nRule: ${result.level}, ${result.spec}.\n\nWhat the check sends and judges: [${DOCS}](${DOCS}) and [docs/runner-checks.md](docs/runner-checks.md) (check \`${anchor}\`); reading a red run: [docs/runner.md](docs/runner.md).`,
    },
    defaultConfiguration: { level: result.level === 'MUST' ? 'error' : 'warning' },
    properties: { tags: ['conformance', result.group, result.level], spec: result.spec, group: result.group },
  };
}

function resultOf(result: CheckResult, ruleIndex: number, report: Report, anchor: string): Result {
  const evidence = result.evidence.at(-1);
  const seen = evidence ? ` Last exchange: ${evidence.request} answered HTTP ${evidence.status}.` : '';
  return {
    ruleId: result.id,
    ruleIndex,
    level: result.status === 'fail' ? 'error' : 'warning',
    message: { text: `${result.id} (${result.level}, ${result.spec}): ${result.message}.${seen}` },
    locations: [
      {
        physicalLocation: { artifactLocation: { uri: anchor }, region: { startLine: 1 } },
        logicalLocations: [{ fullyQualifiedName: report.target, kind: 'resource' }],
      },
    ],
    // Stable across runs, so a dashboard tracks one alert per check and deployment.
    partialFingerprints: { 'surveyMcpCheck/v1': `${result.id}@${report.target}` },
    ...(result.baseline ? { baselineState: result.baseline === 'new' ? 'new' : 'unchanged' } : {}),
  };
}

/**
 * The file results point at: `--sarif-anchor`, else the workflow file of the GitHub Actions job
 * (`GITHUB_WORKFLOW_REF` is `owner/repo/.github/workflows/x.yml@refs/…`), else the deployment's URL.
 */
export function sarifAnchor(flag: string | undefined, env: NodeJS.ProcessEnv, target: string): string {
  if (flag) return flag;
  const workflow = /^[^/]+\/[^/]+\/(.+?)@/.exec(env['GITHUB_WORKFLOW_REF'] ?? '')?.[1];
  return workflow ?? target;
}
