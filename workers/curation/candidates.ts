/**
 * The rubrics a mining or curation run keeps as proposals arrive: each proposal that passed
 * its checks either merges into a near-duplicate kept earlier (its support joins that
 * rubric's) or is kept, room permitting. Pure.
 */
import type { ProposalFate } from '../../common/pipeline/pipeline-types';
import type { RubricFamily } from '../../common/rubrics/rubric-types';
import { NearDuplicateIndex, unionSupport, type DuplicateMatch, type SupportRef } from './near-duplicates';
import type { CheckedCitation, CheckedProposal } from './proposal-checks';
import type { RubricText } from './rubric-format';

/** A kept rubric before it is written: text, family, category, citations and support. */
export interface CandidateRubric {
  rubric: RubricText;
  family: RubricFamily;
  category: string;
  citations: CheckedCitation[];
  support: SupportRef[];
}

/** The text near-duplicates are judged on: title, applies when and pattern (a fix is advice, not the lesson). */
export function mergeText(rubric: RubricText): string {
  return `${rubric.title}\n${rubric.appliesWhen}\n${rubric.pattern}`;
}

/** What became of an offered proposal. */
export type Offer = ({ outcome: 'duplicate' } & DuplicateMatch) | { outcome: 'kept'; index: number } | { outcome: 'over_quota' };

/** Kept rubrics with their near-duplicate index. */
export class CandidateSet {
  readonly rubrics: CandidateRubric[] = [];
  private readonly index: NearDuplicateIndex;

  constructor(threshold: number) {
    this.index = new NearDuplicateIndex(threshold);
  }

  /**
   * Offers a proposal that passed its checks, with the support it came from. A near-duplicate
   * merges whatever the room; a new rubric is kept only when `hasRoom`.
   */
  offer(checked: CheckedProposal, support: readonly SupportRef[], hasRoom: boolean): Offer {
    const rubric = checked.rubric;
    if (rubric === null || checked.reasons.length > 0) throw new Error('only a proposal that passed its checks can be offered');
    const text = mergeText(rubric);
    const match = this.index.match(text);
    if (match !== null) {
      const target = this.rubrics[match.into]!;
      target.support = unionSupport(target.support, support);
      return { outcome: 'duplicate', ...match };
    }
    if (!hasRoom) return { outcome: 'over_quota' };
    const { family, category } = checked.proposal;
    this.rubrics.push({ rubric, family, category, citations: checked.citations, support: unionSupport(support) });
    this.index.add(text);
    return { outcome: 'kept', index: this.rubrics.length - 1 };
  }
}

/** The fate of a checked proposal before uniqueness is decided. */
export function fateOf(unit: string, checked: CheckedProposal): ProposalFate {
  return {
    unit,
    title: checked.rubric?.title ?? null,
    family: checked.proposal.family,
    category: checked.proposal.category,
    reasons: [...checked.reasons],
    formatProblems: checked.formatProblems,
    citationProblems: checked.citations.flatMap((c) => (c.grounded ? [] : [c.problem])),
    duplicateOf: null,
  };
}

/** A miner call's outcome for one unit: checked proposals, or why no answer came. */
export type MinerAnswer = { ok: true; proposals: CheckedProposal[] } | { ok: false; reason: string; message: string };
