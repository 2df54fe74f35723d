/**
 * A new taxonomy version from Settings (docs/domain.md "Category": the taxonomy is data, editable,
 * versioned). Versions are never edited in place: an edit, even of one guideline, is a new
 * version, which becomes the newest and so the one category labels are made under from now on.
 * When a category is split or merged, every label that names it is flagged for review and kept
 * exactly as it was made, with the taxonomy version it was made under.
 */
import type { ParsedRequestOf } from '../../common/contract';
import type { Taxonomy } from '../../common/rubrics/rubric-types';
import type { TaxonomySaved } from '../../common/taxonomy/taxonomy-types';
import { ApiError } from '../../common/errors';
import type { Db } from '../db/open-corpus';
import { RecordWriter } from '../import/record-writer';
import { getTaxonomy } from '../rubrics/library-queries';

const invalid = (field: string, message: string) => new ApiError('invalid_request', `taxonomy.save: ${field}: ${message}`, { issues: [{ field, message }] });

function check(req: ParsedRequestOf<'taxonomy.save'>, old: Taxonomy, exists: boolean): void {
  if (exists) throw invalid('version', `taxonomy ${req.version} already exists; versions are never edited, name a new one`);
  const codes = req.categories.map((c) => c.code);
  codes.forEach((code, i) => {
    if (codes.indexOf(code) !== i) throw invalid(`categories.${i}.code`, `"${code}" appears twice`);
  });
  const before = new Set(old.categories.map((c) => c.code));
  const after = new Set(codes);
  req.splits.forEach((s, i) => {
    if (!before.has(s.from)) throw invalid(`splits.${i}.from`, `"${s.from}" is not a category of taxonomy ${old.version}`);
    s.into.forEach((code, j) => {
      if (!after.has(code)) throw invalid(`splits.${i}.into.${j}`, `"${code}" is not a category of the new taxonomy`);
    });
  });
  req.merges.forEach((m, i) => {
    m.from.forEach((code, j) => {
      if (!before.has(code)) throw invalid(`merges.${i}.from.${j}`, `"${code}" is not a category of taxonomy ${old.version}`);
    });
    if (!after.has(m.into)) throw invalid(`merges.${i}.into`, `"${m.into}" is not a category of the new taxonomy`);
  });
}

export function saveTaxonomy(db: Db, req: ParsedRequestOf<'taxonomy.save'>): TaxonomySaved {
  return db.transaction(() => {
    const old = getTaxonomy(db);
    check(req, old, db.prepare('SELECT 1 FROM taxonomies WHERE version = ?').get(req.version) !== undefined);
    const writer = new RecordWriter(db);
    const categories = req.categories.map(({ guideline, ...c }) => (guideline === '' ? c : { ...c, guideline }));
    writer.write(
      { type: 'taxonomy', version: req.version, categories, ...(old.version ? { supersedes: old.version } : {}) },
      { file: 'taxonomy.save', line: 1 },
    );
    writer.failures.finish();

    const touched = [...new Set([...req.splits.map((s) => s.from), ...req.merges.flatMap((m) => m.from)])];
    const taxonomySchemas = db
      .prepare<unknown[], { name: string; definition: string }>('SELECT name, definition FROM label_schemas')
      .all()
      .filter((s) => (JSON.parse(s.definition) as { value?: { kind?: string } }).value?.kind === 'taxonomy')
      .map((s) => s.name);
    const flagged = touched.length
      ? db
          .prepare(
            `UPDATE labels SET needs_review = 1 WHERE needs_review = 0 AND schema_name IN (SELECT value FROM json_each(?))
            AND json_extract(value, '$') IN (SELECT value FROM json_each(?))`,
          )
          .run(JSON.stringify([...new Set(taxonomySchemas)]), JSON.stringify(touched)).changes
      : 0;
    return { taxonomy: getTaxonomy(db), flagged };
  })();
}
