/**
 * Who made the versions and runs that are not labels (labels carry their annotator): each is
 * stamped with the session's person, or the desktop's one person, once its operation has
 * written it. A record that already names an author (a resumed pipeline run) keeps it.
 */
import type { OperationName, ResponseOf } from '../../common/contract';
import type { Db } from '../db/open-corpus';

type Stamp = (db: Db, author: string, value: never) => void;

function stamp<K extends OperationName>(write: (db: Db, author: string, value: ResponseOf<K>) => void): Stamp {
  return write as Stamp;
}

const pipelineRun = stamp<'pipeline.mine'>((db, author, started) =>
  db.prepare('UPDATE pipeline_runs SET created_by = ? WHERE id = ? AND created_by IS NULL').run(author, started.run.id),
);
const attempts = stamp<'runs.start'>((db, author, started) =>
  db.prepare('UPDATE attempts SET started_by = ? WHERE id IN (SELECT value FROM json_each(?))').run(author, JSON.stringify(started.attempts)),
);

const stamps: Partial<Record<OperationName, Stamp>> = {
  'taxonomy.save': stamp<'taxonomy.save'>((db, author, saved) =>
    db.prepare('UPDATE taxonomies SET created_by = ? WHERE version = ? AND created_by IS NULL').run(author, saved.taxonomy.version),
  ),
  'labels.schemaSave': stamp<'labels.schemaSave'>((db, author, schema) =>
    db.prepare('UPDATE label_schemas SET created_by = ? WHERE name = ? AND version = ?').run(author, schema.name, schema.version),
  ),
  'experiments.create': stamp<'experiments.create'>((db, author, experiment) =>
    db.prepare('UPDATE experiments SET created_by = ? WHERE id = ? AND created_by IS NULL').run(author, experiment.id),
  ),
  'runs.start': attempts,
  'runs.rerun': attempts,
  'pipeline.mine': pipelineRun,
  'pipeline.curate': pipelineRun,
  'pipeline.judge': pipelineRun,
};

/** Whether an operation's records are stamped with their author. */
export function isAuthored(op: OperationName): boolean {
  return stamps[op] !== undefined;
}

/** Stamps what the operation wrote with its author; call under the write lock. */
export function recordAuthor<K extends OperationName>(db: Db, op: K, author: string, value: ResponseOf<K>): void {
  stamps[op]?.(db, author, value as never);
}
