/**
 * Labelling: stored labels, the queue an annotator works through, its evidence, agreement
 * per category and the adjudication queue (docs/domain.md "Label", docs/definitions.md "Agreement", README.md "Screens": Labels).
 * Plain data: these cross process boundaries as JSON.
 */
import type { AgreementReport } from './agreement-report';
import type { ApiErrorData } from '../errors';
import type { LabelSchema } from './label-schema';
import type { Role } from '../people/people';
import type { DensityChoice, ThemeChoice } from '../theme';

/** What a label is about, as bundle v1 names it (`{"kind":"rubric","id":"rb-0001"}`). */
export interface LabelTarget {
  kind: 'rubric' | 'failure' | 'rollout' | 'program' | 'step';
  id: string;
}

/**
 * One label record. Records are never changed or removed: a later label by the same annotator
 * on the same target supersedes the earlier one, an undo is a record that retracts one
 * (`retracts` holds the retracted record's `at`), an adjudication is a record of its own.
 */
export interface StoredLabel {
  id: number;
  annotator: string;
  schema: string;
  /** The schema version it was made under; null for labels imported without one. */
  schemaVersion: number | null;
  /** The taxonomy version it was made under (category labels); null when unknown. */
  taxonomyVersion: string | null;
  target: LabelTarget;
  /** The schema's value; null for a retraction. */
  value: unknown;
  reasons: string[];
  note: string;
  /** When it was made (ISO 8601, UTC); with the annotator, schema and target, its identity. */
  at: string;
  adjudication: boolean;
  retracts: string | null;
  /** A category it names was split or merged since: it stays as made, flagged for a look. */
  needsReview: boolean;
}

/** What an undo did: the label it retracted (null when there was nothing left to undo). */
export interface LabelUndoResult {
  undone: StoredLabel | null;
  /** The record that retracts it. */
  retraction: StoredLabel | null;
  /** The target's label now: the one the undone label had superseded, or null. */
  current: StoredLabel | null;
}

/**
 * Which items a queue holds: a library's rubrics, the rubrics a filter selects, or a sample
 * of `perCategory` rubrics from each category (rubric's own category), drawn with `seed`.
 */
export type LabelTargetSet =
  | { kind: 'library'; library: string }
  | { kind: 'filter'; library?: string; category?: string; family?: 'error' | 'performance'; query?: string }
  | { kind: 'sample'; library?: string; perCategory: number; seed: number };

/** One item of a queue with the annotator's own state; `others` is null while blind mode hides it. */
export interface QueueItem {
  target: LabelTarget;
  /** For a rubric_program item: the program version the rubric is judged on. */
  program: { rollout: string; path: string; version: number } | null;
  rubric: { id: string; title: string; category: string | null; family: string; appliesWhen: string; pattern: string; fix: string | null } | null;
  /** The annotator's current label (the latest not retracted), or null. */
  mine: StoredLabel | null;
  flagged: boolean;
  skipped: boolean;
  /** Annotators with a current label on it (adjudications not counted). */
  annotators: number;
  others: StoredLabel[] | null;
}

export interface LabelQueue {
  schema: LabelSchema;
  targetSet: LabelTargetSet;
  annotator: string;
  blind: boolean;
  items: QueueItem[];
  /** Where the annotator left off: the saved position, else the first item without their label. */
  resume: number;
  /** Per annotator, items of this set with their current label, most first. */
  progress: { annotator: string; done: number }[];
  /** Items of the set with at least the schema's overlap target of annotators. */
  atOverlapTarget: number;
}

/** Program lines shown as evidence, with the line that matters marked. */
export interface ProgramExcerpt {
  rollout: string;
  path: string;
  version: number;
  sha256: string;
  /** The first line number of `lines`. */
  start: number;
  lines: string[];
  /** The line a failure's innermost frame points to, or the first cited line. */
  focus: number;
}

/**
 * A citation of program lines (docs/definitions.md "Grounding"): grounded only when the named
 * program's lines contain the quote. A quote found only in another support program is a
 * `wrong_program_citation`; a program not in the corpus is `missing_program`.
 */
export interface CheckedCitation {
  sha256: string | null;
  rollout: string | null;
  path: string | null;
  version: number | null;
  lines: [number, number];
  quote: string;
  grounded: boolean;
  problem: 'wrong_program_citation' | 'quote_not_found' | 'missing_program' | null;
  /** Where the quote really is, when it is in another support program. */
  foundIn: { rollout: string; path: string; version: number; line: number } | null;
  excerpt: ProgramExcerpt | null;
}

/** A failure of a source rollout, with the program lines it points to. */
export interface EvidenceFailure {
  rollout: string;
  step: number | null;
  kind: string;
  exceptionClass: string | null;
  message: string | null;
  excerpt: ProgramExcerpt | null;
}

/** A CWM verdict on the rubric, shown once blind mode allows. */
export interface EvidenceVerdict {
  program: { rollout: string; path: string; version: number };
  verdict: string;
  predictedException: string | null;
  rationale: string | null;
  createdAt: string;
}

/** Everything the queue's evidence pane shows for one item. */
export interface LabelEvidence {
  target: LabelTarget;
  support: { rollout: string; task: string | null; grade: string | null; inCorpus: boolean }[];
  failures: EvidenceFailure[];
  citations: CheckedCitation[];
  /** Other annotators' current labels and the CWM's verdicts; null while blind mode hides them. */
  others: StoredLabel[] | null;
  verdicts: EvidenceVerdict[] | null;
}

/** Agreement on one category: for the category schema, that category against the rest. */
export interface CategoryAgreement {
  category: string;
  name: string | null;
  items: number;
  method: 'kappa' | 'alpha';
  coefficient: number | null;
  observed: number;
  expected: number;
  /** Why the coefficient is null ("no items", or chance agreement of 1), in words; null when it is a number. */
  undefinedBecause: string | null;
}

/**
 * Agreement under one schema, overall (docs/definitions.md) and per category. For the `category`
 * schema each category is scored one-vs-rest over every shared item; for other schemas items
 * are grouped by their rubric's own category.
 */
export interface AgreementDetail {
  overall: AgreementReport;
  basis: 'one_vs_rest' | 'rubric_category';
  perCategory: CategoryAgreement[];
}

/** An item the annotators disagree on, with each annotator's current label and any adjudication. */
export interface Disagreement {
  target: LabelTarget;
  title: string | null;
  category: string | null;
  labels: StoredLabel[];
  adjudicated: StoredLabel | null;
}

/** Settings kept in the corpus; none is secret (API keys live in the OS's safe storage). */
export interface WorkbenchSettings {
  /** Who labels in this window; labels are made in this name. */
  annotator: string | null;
  /** Hide other annotators' labels and CWM verdicts on an item until you have labelled it. */
  blind: boolean;
  /** The window's colours: the system's choice (prefers-color-scheme), or light or dark always. */
  theme: ThemeChoice;
  /** How much the window fits in: comfortable or compact spacing. */
  density: DensityChoice;
  /** What this person may do; the desktop app's one person is an admin. */
  role: Role;
  /** Signed in through a link of their own (serve mode): the name is theirs and cannot be changed here. */
  signedIn: boolean;
  /** The name offered when no one has named themselves yet: the OS user's (the desktop's one person), else null. */
  suggestedAnnotator: string | null;
}

/** Labels written to a file. */
export interface LabelExportResult {
  /** The file written, absolute; a new file in the corpus's exports folder when the request named none. */
  path: string;
  format: 'bundle' | 'csv';
  records: number;
  /** The path asked for when a file was already there, so `path` is a new name beside it; else null. */
  renamedFrom: string | null;
}

/** One file of a label import: new records, records already there, or why nothing was written. */
export interface LabelImportFileResult {
  file: string;
  format: 'bundle' | 'csv';
  labels: number;
  duplicates: number;
  error: Pick<ApiErrorData, 'code' | 'message'> | null;
}

/** A rollout's run audits: the annotator's current one (with its Markdown report) and the others'. */
export interface RunAuditReport {
  rollout: string;
  mine: StoredLabel | null;
  others: StoredLabel[];
  markdown: string | null;
}
