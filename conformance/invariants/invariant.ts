import type { Era } from '../groups.js';
import type { RunKnowledge } from './knowledge.js';
import type { TaggedExchange } from './tags.js';

/**
 * A rule about answers, judged passively on every exchange the run makes. Only unconditional
 * rules qualify; a conditional one carries its condition in `applies`. Its level and citation
 * come from the requirement it proves in the manifest, never from here.
 */
export interface Invariant {
  /** Unique among checks and invariants, kebab-case; the file under invariants/ that holds it says what it is about. */
  readonly id: string;
  readonly title: string;
  /** The manifest requirement it proves: its level decides fail or warn. */
  readonly requirement: string;
  /** The era its exchanges are in, when one (for the manifest's audit); `any` otherwise. */
  readonly era: Era;
  applies(exchange: TaggedExchange, known: RunKnowledge): boolean;
  /** What is wrong with this exchange, in a line; undefined when it keeps the rule. */
  judge(exchange: TaggedExchange, known: RunKnowledge): string | undefined;
}
