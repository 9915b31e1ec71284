import type { Level } from '../groups.js';
import type { Exchange, SentExchange } from '../http.js';
import { redactText } from '../redact.js';
import { evidenceOf, type CheckResult, type InvariantSummary, type Status } from '../report.js';
import { REQUIREMENTS } from '../requirements/manifest.js';
import type { Target } from '../target.js';
import type { Invariant } from './invariant.js';
import { learn, type RunKnowledge } from './knowledge.js';
import { tagExchange, type TaggedExchange } from './tags.js';

/** One fault: an invariant broken at one endpoint in one era, however many times. */
interface Fault {
  readonly where: string;
  readonly reason: string;
  /** Where the run first met it: which check, and why the request was sent. */
  readonly first: string;
  occurrences: number;
  readonly evidence: Exchange[];
}

const EVIDENCE_PER_FAULT = 3;

/** The invariants' verdicts over the run's exchanges: one result each, and what they saw. */
export function judgeInvariants(
  invariants: readonly Invariant[],
  sent: readonly SentExchange[],
  target: Target,
): InvariantSummary {
  const known = learn(target, sent);
  const tagged = sent.map((each) => tagExchange(each, known));
  const verdicts = invariants.map((invariant) => verdictOf(invariant, tagged, known));
  const findings = verdicts.reduce((total, verdict) => total + verdict.faults, 0);
  const judgements = verdicts.reduce((total, verdict) => total + (verdict.result.exchangesJudged ?? 0), 0);
  return { exchanges: tagged.length, invariants: invariants.length, findings, judgements, results: verdicts.map((verdict) => verdict.result) };
}

/** The manifest's level and citation of the rule an invariant proves. */
export function requirementOf(invariant: Invariant): { level: Level; spec: string } {
  const requirement = REQUIREMENTS.find((candidate) => candidate.id === invariant.requirement);
  if (!requirement) throw new Error(`invariant ${invariant.id} proves requirement "${invariant.requirement}", which is not in the manifest`);
  // A permission (MAY) cannot be broken; no invariant proves one, and were one to, it would only warn.
  return { level: requirement.level === 'MUST' ? 'MUST' : 'SHOULD', spec: `${requirement.source} ${requirement.section} (${requirement.id})` };
}

function verdictOf(invariant: Invariant, tagged: readonly TaggedExchange[], known: RunKnowledge): { result: CheckResult; faults: number } {
  const startedAt = Date.now();
  const { level, spec } = requirementOf(invariant);
  const faults = new Map<string, Fault>();
  let judged = 0;
  const byHost: Partial<Record<TaggedExchange['host'], number>> = {};
  for (const exchange of tagged) {
    if (!invariant.applies(exchange, known)) continue;
    judged += 1;
    byHost[exchange.host] = (byHost[exchange.host] ?? 0) + 1;
    const reason = invariant.judge(exchange, known);
    if (reason === undefined) continue;
    const where = `${exchange.endpoint === 'page' ? 'a page' : `the ${exchange.endpoint} endpoint`} (${exchange.host} host${exchange.era ? `, ${exchange.era}` : ''})`;
    const fault = faults.get(where) ?? { where, reason, first: sentBy(exchange), occurrences: 0, evidence: [] };
    fault.occurrences += 1;
    if (fault.evidence.length < EVIDENCE_PER_FAULT) fault.evidence.push(exchange.exchange);
    faults.set(where, fault);
  }
  const failed: Status = level === 'MUST' ? 'fail' : 'warn';
  const status: Status = faults.size > 0 ? failed : judged > 0 ? 'pass' : 'skip';
  const seen = `${judged} of the run's ${tagged.length} exchanges judged`;
  const message =
    status === 'skip'
      ? `no exchange of the run is of the kind this invariant judges (${tagged.length} exchanges seen)`
      : faults.size === 0
        ? `${seen}: each keeps the rule`
        : `${[...faults.values()].map((fault) => `${fault.where}: ${fault.reason} (${plural(fault.occurrences, 'exchange')}, first ${fault.first})`).join('; ')} — ${seen}`;
  const { evidence, omitted } = evidenceOf([...faults.values()].flatMap((fault) => fault.evidence));
  const result: CheckResult = {
    id: invariant.id,
    group: 'invariants',
    title: invariant.title,
    spec,
    level,
    status,
    message: redactText(message),
    durationMs: Date.now() - startedAt,
    evidence,
    omittedEvidence: omitted,
    kind: 'invariant',
    exchangesJudged: judged,
    exchangesJudgedByHost: byHost,
  };
  return { result, faults: faults.size };
}

const PURPOSE: Readonly<Record<TaggedExchange['purpose'], string>> = {
  flow: 'in a shared step',
  probe: 'in a request',
  negative: 'in an authorization meant to be refused',
  'sign-in': 'on the sign-in walk',
};

/** Where an exchange came from, for a reader who wants to find it in the evidence of the checks. */
function sentBy({ purpose, check }: TaggedExchange): string {
  return `${PURPOSE[purpose]}${check === undefined ? ' before the checks' : ` of ${check}`}`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
