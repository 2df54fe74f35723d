/**
 * Settings → People: each person of the team with, per label schema, the items they have a
 * current label on and Cohen's kappa with each other annotator over the items both labelled
 * (docs/definitions.md). Annotators who labelled but are not people of the corpus (label files
 * merged from elsewhere) count as the others they agree with.
 */
import type { TeamMember } from '../../common/people/people';
import type { Db } from '../db/open-corpus';
import { cohensKappa } from '../labels/agreement';
import { labelledItems } from '../labels/agreement-query';
import { currentLabels, schemaLabels } from '../labels/label-rows';
import { listPeople } from './people-store';

export function teamProgress(db: Db): TeamMember[] {
  const schemas = db.prepare<[], string>('SELECT DISTINCT schema_name FROM labels ORDER BY schema_name').pluck().all();
  const bySchema = schemas.map((schema) => {
    const labels = currentLabels(schemaLabels(db, schema));
    return { schema, labels, items: labelledItems(labels), annotators: [...new Set(labels.map((l) => l.annotator))].sort() };
  });
  return listPeople(db).map((person) => ({
    ...person,
    progress: bySchema
      .filter((s) => s.annotators.includes(person.name))
      .map((s) => ({
        schema: s.schema,
        done: s.labels.filter((l) => l.annotator === person.name).length,
        agreement: s.annotators
          .filter((other) => other !== person.name)
          .map((other) => {
            const k = cohensKappa(s.items, person.name, other);
            return { with: other, items: k.items, kappa: k.kappa };
          }),
      })),
  }));
}
