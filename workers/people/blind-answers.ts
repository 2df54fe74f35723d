/**
 * Blind mode enforced in the answers themselves: a signed-in person in blind mode never
 * receives another person's label, a CWM verdict or the miner's category for an item they
 * have not labelled, whatever page or client asks (the queue and evidence take the person's
 * own blind setting; the reads below are filtered; reads that could only answer by category
 * are refused). Items count as labelled once the person has any record on them under any
 * schema (a retracted one too: they have seen the item). `blind-reads.test.ts` walks every
 * read an auditor may make and scans its answer, so a new operation cannot leak unnoticed.
 */
import type { OperationName, ParsedRequestOf, ResponseOf } from '../../common/contract';
import { ApiError } from '../../common/errors';
import type { StoredLabel } from '../../common/labels/labels';
import type { Db } from '../db/open-corpus';
import { targetKey } from '../labels/label-rows';
import { parseProgramTarget } from '../labels/validate-label';

/** The rubric a label target is about: a rubric itself, or the rubric of a program target. */
function rubricOf(target: StoredLabel['target']): string | null {
  if (target.kind === 'rubric') return target.id;
  return target.kind === 'program' ? (parseProgramTarget(target.id)?.rubric ?? null) : null;
}

/** What a person has labelled: per schema the targets, and the rubrics under any schema. */
class Labelled {
  private readonly targets = new Set<string>();
  readonly rubrics = new Set<string>();

  constructor(db: Db, person: string) {
    const rows = db
      .prepare<[string], { schema: string; kind: StoredLabel['target']['kind']; id: string }>(
        'SELECT DISTINCT schema_name AS schema, target_kind AS kind, target_id AS id FROM labels WHERE annotator = ?',
      )
      .all(person);
    for (const row of rows) {
      this.targets.add(`${row.schema}|${targetKey({ kind: row.kind, id: row.id })}`);
      const rubric = rubricOf({ kind: row.kind, id: row.id });
      if (rubric !== null) this.rubrics.add(rubric);
    }
  }

  has(schema: string, target: StoredLabel['target']): boolean {
    return this.targets.has(`${schema}|${targetKey(target)}`);
  }
}

/** Keeps of a record list the person's own and those on items they labelled under the record's schema. */
function visibleLabels(labels: StoredLabel[], person: string, labelled: Labelled): StoredLabel[] {
  return labels.filter((l) => l.annotator === person || labelled.has(l.schema, l.target));
}

/** The miner's category of a rubric the person has not labelled is left out. */
function blindCategory<T extends { id: string; category: string | null }>(rubric: T, labelled: Labelled): T {
  return labelled.rubrics.has(rubric.id) ? rubric : { ...rubric, category: null };
}

/** Why a read cannot be answered in blind mode: its answer is ordered or filtered by the miner's categories. */
function blindRefusalReason<K extends OperationName>(op: K, request: ParsedRequestOf<K>): string | null {
  if (op === 'retrieval.run') return "category-split retrieval shows each rubric's category";
  if (op === 'rubrics.list' && (request as ParsedRequestOf<'rubrics.list'>).category !== undefined)
    return 'a rubric list filtered by category shows their category';
  if (op === 'labels.queue') {
    const set = (request as ParsedRequestOf<'labels.queue'>).targetSet;
    if (set.kind === 'filter' && set.category !== undefined) return "a queue filtered by category shows its items' category";
  }
  return null;
}

/** Throws `forbidden` for a read blind mode cannot answer without showing the miner's category. */
export function refuseWhileBlind<K extends OperationName>(op: K, request: ParsedRequestOf<K>): void {
  const reason = blindRefusalReason(op, request);
  if (reason !== null)
    throw new ApiError('forbidden', `${op}: ${reason}, which blind mode hides until you label the item; turn blind mode off to see it`, { blind: true });
}

/** Filters the answer of a read that can carry others' labels or the CWM's verdicts; other answers pass as they are. */
export function blindAnswer<K extends OperationName>(op: K, value: ResponseOf<K>, db: Db, person: string): ResponseOf<K> {
  const labelled = () => new Labelled(db, person);
  switch (op) {
    case 'labels.history': {
      const answer = value as ResponseOf<'labels.history'>;
      const labels = visibleLabels(answer.labels, person, labelled());
      return { ...answer, labels, total: answer.total - (answer.labels.length - labels.length) } as ResponseOf<K>;
    }
    case 'labels.disagreements': {
      const mine = labelled();
      return (value as ResponseOf<'labels.disagreements'>).filter(
        (d) => d.labels.some((l) => l.annotator === person) || mine.has(d.labels[0]?.schema ?? '', d.target),
      ) as ResponseOf<K>;
    }
    case 'labels.auditReport': {
      const answer = value as ResponseOf<'labels.auditReport'>;
      const seen = answer.mine !== null && answer.mine.annotator === person;
      const own = seen || labelled().has('run_audit', { kind: 'rollout', id: answer.rollout });
      return (own ? answer : { ...answer, mine: null, markdown: null, others: [] }) as ResponseOf<K>;
    }
    case 'rubrics.list': {
      const answer = value as ResponseOf<'rubrics.list'>;
      const mine = labelled();
      return { ...answer, rows: answer.rows.map((r) => blindCategory(r, mine)) } as ResponseOf<K>;
    }
    case 'rubrics.get': {
      const answer = value as ResponseOf<'rubrics.get'>;
      const mine = labelled();
      const target = { kind: 'rubric', id: answer.id } as const;
      const labels = answer.labels.filter((l) => l.annotator === person || mine.has(l.schema, target));
      return { ...blindCategory(answer, mine), labels } as ResponseOf<K>;
    }
    case 'verdicts.list': {
      const mine = labelled();
      return (value as ResponseOf<'verdicts.list'>).filter((v) => mine.rubrics.has(v.rubric)) as ResponseOf<K>;
    }
    default:
      return value;
  }
}
