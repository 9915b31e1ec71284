import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { ConfirmationFault } from './faults-confirmations.js';

/** What the fake serves beyond its read-only tools: enough to create, confirm and archive a scratch survey. */
export const CONFIRMATION_TOOLS = [
  {
    name: 'create_survey',
    description: 'A new draft survey with its questions',
    inputSchema: {
      type: 'object',
      properties: { workspace_id: { type: 'string' }, title: { type: 'string' }, questions: { type: 'array', items: { type: 'object' } } },
      required: ['workspace_id', 'title'],
    },
  },
  {
    name: 'set_survey_status',
    description: 'Archive a survey, among others',
    inputSchema: { type: 'object', properties: { survey_id: { type: 'string' }, status: { type: 'string' } }, required: ['survey_id', 'status'] },
  },
  {
    name: 'delete_question',
    description: 'Deletes a question; asks its person first',
    inputSchema: { type: 'object', properties: { question_id: { type: 'string' }, confirmation_token: { type: 'string' } }, required: ['question_id'] },
  },
];

export const FAKE_WORKSPACE = { id: 'wsp_fake', name: 'Fake workspace', role: 'member' };

interface Choice {
  readonly id: string;
  readonly position: number;
  readonly label: string;
}

interface Question {
  readonly id: string;
  readonly type: string;
  text: string;
  choices: Choice[];
}

/** Choices of the labels given, each with an id of its own unless it keeps one. */
const choicesOf = (given: readonly { id?: unknown; label?: unknown }[]): Choice[] =>
  given.map((choice, index) => ({ id: typeof choice.id === 'string' ? choice.id : `chc_${randomUUID().slice(0, 8)}`, position: index + 1, label: String(choice.label) }));

interface Survey {
  readonly id: string;
  readonly title: string;
  status: string;
  questions: Question[];
}

/** A delete_question as it reached the fake: the era's extras, and whether the client can ask its person. */
export interface ConfirmableCall {
  readonly userId: string;
  /** The person and OAuth client presenting the call: a seal is theirs alone. */
  readonly holder: string;
  readonly elicits: boolean;
  readonly inputResponses?: unknown;
  readonly requestState?: unknown;
}

/** What a tool call of the fake comes to; the last two exist only in 2026-07-28. */
export type ConfirmationOutcome =
  | { readonly ok: Record<string, unknown> }
  | { readonly error: string; readonly details?: Record<string, unknown> }
  | { readonly inputRequired: Record<string, unknown> }
  | { readonly invalidParams: string };

/**
 * Whether a 2026-07-28 client's `_meta` capabilities let it answer a form: elicitation `{}` (form
 * mode, MCP client/elicitation) or with `form`, not URL mode alone, unless `fault` misreads one.
 */
export function elicitsForms(capabilities: unknown, fault: ConfirmationFault | undefined): boolean {
  const elicitation = typeof capabilities === 'object' && capabilities !== null ? (capabilities as Record<string, unknown>)['elicitation'] : undefined;
  if (typeof elicitation !== 'object' || elicitation === null) return false;
  const modes = Object.keys(elicitation);
  if (modes.length === 0) return fault !== 'bare-elicitation-unasked';
  return modes.includes('form') || fault === 'url-elicitation-asked';
}

/** What a seal is bound to: who presents it, the question, and how it travels (a form's requestState, or a token). */
interface Binding {
  readonly holder: string;
  readonly questionId: string;
  readonly kind: 'state' | 'token';
}

const FIVE_MINUTES_MS = 5 * 60_000;
const CONFIRM_SCHEMA = { type: 'object', properties: { confirm: { type: 'boolean', title: 'Confirm' } }, required: ['confirm'] };

/** The scratch surveys a runner creates, and the seals it was given, as the real server keeps them. */
export class FakeSurveys {
  private readonly surveys = new Map<string, Survey>();
  private readonly used = new Set<string>();
  /** Seals the person confirmed on the page. */
  private readonly approved = new Set<string>();
  /** Seals declined on the page, refused only until the page is confirmed (the revivable fault). */
  private readonly declined = new Set<string>();
  private readonly key = randomBytes(32);
  /** The auth host's confirmation page, when the deployment offers one (set once it listens). */
  page: string | undefined;

  /** The person's click on the confirmation page: true when `seal` is one of ours. */
  approve(seal: string): boolean {
    const [body = ''] = seal.split('.');
    this.declined.delete(body);
    if (this.open(seal, undefined, undefined) !== undefined) return false;
    this.approved.add(body);
    return true;
  }

  /** The person's "Don't do it" on the page: the seal is spent, or (`revivable`) refused until a later Confirm. */
  decline(seal: string, revivable: boolean): void {
    const [body = ''] = seal.split('.');
    if (this.open(seal, undefined, undefined) === undefined) (revivable ? this.declined : this.used).add(body);
  }

  create(args: Record<string, unknown>): ConfirmationOutcome {
    if (args['workspace_id'] !== FAKE_WORKSPACE.id) return { error: `workspace '${String(args['workspace_id'])}' not found` };
    const questions = (Array.isArray(args['questions']) ? args['questions'] : []) as { text?: unknown; type?: unknown; choices?: unknown[] }[];
    const question = ({ text, type, choices }: (typeof questions)[number]): Question => ({
      id: `qst_${randomUUID().slice(0, 8)}`,
      type: String(type ?? 'short_text'),
      text: String(text),
      choices: choicesOf((choices ?? []).map((label) => ({ label }))),
    });
    const survey: Survey = { id: `srv_${randomUUID().slice(0, 8)}`, title: String(args['title']), status: 'draft', questions: questions.map(question) };
    this.surveys.set(survey.id, survey);
    return { ok: detail(survey) };
  }

  detail(id: string): Record<string, unknown> | undefined {
    const survey = this.surveys.get(id);
    return survey && detail(survey);
  }

  setStatus(args: Record<string, unknown>): ConfirmationOutcome {
    const survey = this.surveys.get(String(args['survey_id']));
    if (!survey) return { error: `survey '${String(args['survey_id'])}' not found` };
    const previous = survey.status;
    survey.status = String(args['status']);
    return { ok: { survey: { id: survey.id, title: survey.title, status: survey.status }, previous_status: previous, changed: previous !== survey.status } };
  }

  /** update_question of a scratch question's text or choices; `dropped` answers the question unchanged, `choicesRefused` refuses any choices. */
  updateQuestion(args: Record<string, unknown>, dropped: boolean, choicesRefused: boolean): ConfirmationOutcome {
    const found = this.find(String(args['question_id']));
    if (!found) return { error: `question '${String(args['question_id'])}' not found` };
    const [, question] = found;
    const choices = args['choices'];
    if (Array.isArray(choices) && choicesRefused) return { error: "validation failed: unknown arguments 'choices.0.id', 'choices.0.label'" };
    if (dropped) return { ok: { question } };
    if (typeof args['text'] === 'string') question.text = args['text'];
    if (Array.isArray(choices)) question.choices = choicesOf(choices as { id?: unknown; label?: unknown }[]);
    return { ok: { question } };
  }

  /** delete_question, asked first, confirmed in the era's way, every rule breakable by `fault`. */
  deleteQuestion(args: Record<string, unknown>, call: ConfirmableCall, fault: ConfirmationFault | undefined): ConfirmationOutcome {
    const questionId = String(args['question_id']);
    const token = args['confirmation_token'];
    const sealed = call.elicits && call.requestState !== undefined;
    const binding: Binding = { holder: call.holder, questionId, kind: sealed || (call.elicits && typeof token !== 'string') ? 'state' : 'token' };
    // The seal first: a used one is refused as used, though its question is gone by then.
    const refused = sealed || typeof token === 'string' ? this.open(sealed ? call.requestState : token, binding, fault) : undefined;
    if (refused) return sealed ? { invalidParams: `requestState ${refused}` } : { error: `validation failed: confirmation_token ${refused}` };
    const found = this.find(questionId);
    if (!found) return { error: `question '${questionId}' not found` };
    const [survey, question] = found;
    if (sealed) {
      const response = (call.inputResponses as Record<string, unknown> | undefined)?.['confirm'];
      if (!response && fault !== 'missing-answer-completes') return this.ask(summaryOf(survey, question, fault), binding, true);
      return this.settle(survey, question, response, call.requestState, fault);
    }
    if (typeof token === 'string') {
      const waiting = this.page !== undefined && !this.approved.has(token.split('.')[0]!) && fault !== 'page-not-awaited';
      return waiting ? this.tokenError(`confirmation required: the person has not confirmed yet on ${this.page}.`, token, Date.now() + FIVE_MINUTES_MS) : this.apply(survey, question, token, fault);
    }
    return this.ask(summaryOf(survey, question, fault), binding, call.elicits);
  }

  /** What a 2025-11-25 elicitation asks before deleting `questionId`, or the tool error when there is nothing to ask about. */
  elicitation(questionId: string, fault: ConfirmationFault | undefined): { readonly message: string; readonly requestedSchema: Record<string, unknown> } | { readonly error: string } {
    const found = this.find(questionId);
    return found ? { message: summaryOf(...found, fault), requestedSchema: CONFIRM_SCHEMA } : { error: `question '${questionId}' not found` };
  }

  /** The person's answer to a 2025-11-25 elicitation about `questionId`. */
  settleElicitation(questionId: string, response: unknown, fault: ConfirmationFault | undefined): ConfirmationOutcome {
    const found = this.find(questionId);
    return found ? this.settle(...found, response, randomUUID(), fault) : { error: `question '${questionId}' not found` };
  }

  /** The person's answer: the question deleted when they confirmed, else nothing. */
  private settle(survey: Survey, question: Question, response: unknown, seal: unknown, fault: ConfirmationFault | undefined): ConfirmationOutcome {
    const answer = response as { action?: string; content?: { confirm?: unknown } } | undefined;
    const confirmed = (answer?.action === 'accept' && answer.content?.confirm === true) || (fault === 'cancel-applies' && answer?.action === 'cancel');
    if (!confirmed && fault !== 'decline-applies') {
      // The person's no spends the seal: it cannot become a yes later.
      if (fault !== 'decline-not-spent') this.used.add(String(seal).split('.')[0]!);
      return { ok: { changed: false, confirmed: false, message: 'Nothing was deleted.' } };
    }
    return this.apply(survey, question, seal, fault);
  }

  private find(questionId: string): readonly [Survey, Question] | undefined {
    for (const survey of this.surveys.values()) {
      const question = survey.questions.find((candidate) => candidate.id === questionId);
      if (question) return [survey, question];
    }
    return undefined;
  }

  private ask(summary: string, binding: Binding, elicits: boolean): ConfirmationOutcome {
    const expiresAt = Date.now() + FIVE_MINUTES_MS;
    const seal = this.seal({ ...binding, jti: randomUUID(), exp: expiresAt });
    if (elicits) {
      return { inputRequired: { inputRequests: { confirm: { method: 'elicitation/create', params: { mode: 'form', message: summary, requestedSchema: CONFIRM_SCHEMA } } }, requestState: seal } };
    }
    return this.tokenError(`confirmation required: ${summary} To confirm, call delete_question again with the same arguments and "confirmation_token": "${seal}" within 5 minutes.`, seal, expiresAt);
  }

  private tokenError(error: string, seal: string, expiresAt: number): ConfirmationOutcome {
    const page = this.page === undefined ? {} : { confirm_url: `${this.page}?seal=${encodeURIComponent(seal)}` };
    return { error, details: { confirmation_token: seal, ...page, expires_at: new Date(expiresAt).toISOString() } };
  }

  private apply(survey: Survey, question: Question, seal: unknown, fault: ConfirmationFault | undefined): ConfirmationOutcome {
    if (fault !== 'replay-accepted') this.used.add(String(seal).split('.')[0]!);
    if (fault !== 'accept-ignored') survey.questions = survey.questions.filter((candidate) => candidate.id !== question.id);
    return { ok: { deleted: true, question_id: question.id, survey_id: survey.id } };
  }

  private seal(payload: Record<string, unknown>): string {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** Why `seal` does not hold for `binding` (any, when none is given), or undefined when it does. */
  private open(seal: unknown, binding: Binding | undefined, fault: ConfirmationFault | undefined): string | undefined {
    const [body = '', mac = ''] = String(seal).split('.');
    const expected = Buffer.from(this.mac(body));
    const intact = Buffer.byteLength(mac) === expected.length && timingSafeEqual(Buffer.from(mac), expected);
    if (!intact && fault !== 'seal-integrity-unchecked') return 'does not open (altered or not ours)';
    let payload: { holder?: string; questionId?: string; kind?: string; exp?: number };
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as typeof payload;
    } catch {
      return 'does not open (altered or not ours)';
    }
    // The person is the holder's first word: `seal-not-bound-to-client` compares no more.
    const holderOf = (holder: string | undefined): string | undefined => (fault === 'seal-not-bound-to-client' ? holder?.split(' ')[0] : holder);
    if (binding) {
      if (holderOf(payload.holder) !== holderOf(binding.holder) || (payload.questionId !== binding.questionId && fault !== 'seal-not-bound-to-call')) return 'was issued for another call';
      if (payload.kind !== binding.kind && fault !== 'modes-interchangeable') return `was issued as a ${payload.kind === 'state' ? 'requestState' : 'confirmation_token'}`;
    }
    if ((payload.exp ?? 0) < Date.now()) return 'has expired';
    if (this.used.has(body)) return 'was already used';
    if (this.declined.has(body)) return 'was declined';
    return undefined;
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}

function summaryOf(survey: Survey, question: Question, fault: ConfirmationFault | undefined): string {
  return fault === 'generic-summary' ? 'Are you sure?' : `Delete question "${question.text}" of survey "${survey.title}"? Its text and choices are gone for good.`;
}

function detail(survey: Survey): Record<string, unknown> {
  return {
    survey: { id: survey.id, title: survey.title, status: survey.status, my_role: 'owner' },
    questions: survey.questions.map((question, index) => ({ ...question, position: index + 1 })),
  };
}
