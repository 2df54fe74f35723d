/**
 * Blind mode enforced in the answers themselves: a signed-in person in blind mode never
 * receives another person's label, a CWM verdict or (through the queue and evidence, which
 * take the person's own blind setting) the miner's category for an item they have not
 * labelled, whatever page or client asks. Items count as labelled once the person has any
 * record on them under any schema (a retracted one too: they have seen the item).
 */
import type { OperationName, ResponseOf } from '../../common/contract';
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
    case 'verdicts.list': {
      const mine = labelled();
      return (value as ResponseOf<'verdicts.list'>).filter((v) => mine.rubrics.has(v.rubric)) as ResponseOf<K>;
    }
    default:
      return value;
  }
}
