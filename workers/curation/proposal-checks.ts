/**
 * The grounding and format checks a proposed rubric must pass before uniqueness (docs/definitions.md,
 * "Curation funnel"). Pure: the programs the miner was shown and the taxonomy come in.
 */
import type { RejectionReason } from '../../common/pipeline/pipeline-types';
import type { RubricFamily } from '../../common/rubrics/rubric-types';
import type { Citation, CitationCheck, ShownPrograms } from './citations';
import { parseRubricText, type FormatProblem, type RubricText } from './rubric-format';

/** A rubric as a miner proposes it: Markdown text, family, category and citations. */
export interface Proposal {
  text: string;
  family: RubricFamily;
  category: string;
  citations: Citation[];
}

/** A citation with the outcome of its grounding check. */
export type CheckedCitation = Citation & CitationCheck;

/** A proposal after the checks: its parsed text (when the format is right) and every reason it failed. */
export interface CheckedProposal {
  proposal: Proposal;
  rubric: RubricText | null;
  formatProblems: FormatProblem[];
  citations: CheckedCitation[];
  reasons: RejectionReason[];
}

/** What the checks compare a proposal with. */
export interface CheckOptions {
  programs: ShownPrograms;
  /** Category codes of the taxonomy. */
  categories: ReadonlySet<string>;
  /** Quota: the category the miner was asked for. */
  focusCategory?: string;
}

/** Runs every check and keeps every failure: reasons overlap by design. */
export function checkProposal(proposal: Proposal, options: CheckOptions): CheckedProposal {
  const reasons: RejectionReason[] = [];
  const parsed = parseRubricText(proposal.text);
  if (!parsed.ok) reasons.push('format');
  if (!options.categories.has(proposal.category)) reasons.push('unknown_category');
  const citations = proposal.citations.map((c) => ({ ...c, ...options.programs.check(c) }));
  if (citations.length === 0) reasons.push('no_citation');
  if (citations.some((c) => c.problem === 'wrong_program_citation')) reasons.push('wrong_program_citation');
  if (citations.some((c) => !c.grounded && c.problem !== 'wrong_program_citation')) reasons.push('ungrounded_citation');
  if (options.focusCategory !== undefined && proposal.category !== options.focusCategory) reasons.push('off_category');
  return {
    proposal,
    rubric: parsed.ok ? parsed.rubric : null,
    formatProblems: parsed.ok ? [] : parsed.problems,
    citations,
    reasons,
  };
}
