/**
 * Label schemas from the corpus: the newest version of each (what new labels are made under),
 * a given version (what an old label was made under), and saving a new version.
 */
import { labelSchemaDefinition, type LabelOption, type LabelSchema, type LabelSchemaDefinition } from '../../common/labels/label-schema';
import { ApiError } from '../../common/errors';
import type { Db } from '../db/open-corpus';
import { flagBrokenLabels } from './label-review-flags';

interface SchemaRow {
  name: string;
  version: number;
  definition: string;
  created_at: string;
  taxonomy_version: string | null;
}

/** The taxonomy a `taxonomy` schema draws from: its pinned version, else the newest imported. */
function taxonomyOptions(db: Db, pinned: string | null): { version: string | null; options: LabelOption[] } {
  const version = pinned ?? db.prepare<unknown[], string>('SELECT version FROM taxonomies ORDER BY rowid DESC LIMIT 1').pluck().get() ?? null;
  if (version === null) return { version: null, options: [] };
  const rows = db
    .prepare<unknown[], { code: string; name: string; guideline: string | null }>(
      'SELECT code, name, guideline FROM categories WHERE taxonomy_version = ? ORDER BY position, code',
    )
    .all(version);
  return { version, options: rows.map((c) => ({ value: c.code, label: c.name, guideline: c.guideline ?? '' })) };
}

function toSchema(db: Db, row: SchemaRow): LabelSchema {
  const definition = labelSchemaDefinition.parse(JSON.parse(row.definition)) as LabelSchemaDefinition;
  const base = { name: row.name, version: row.version, taxonomyVersion: row.taxonomy_version, createdAt: row.created_at, definition };
  const rule = definition.value;
  if (rule.kind === 'taxonomy') {
    const { version, options } = taxonomyOptions(db, row.taxonomy_version);
    return { ...base, options, optionsTaxonomy: version };
  }
  return { ...base, options: rule.kind === 'choice' ? rule.options : rule.statuses, optionsTaxonomy: null };
}

/** The newest version of every schema, by name. */
export function listSchemas(db: Db): LabelSchema[] {
  const rows = db
    .prepare<unknown[], SchemaRow>(
      `SELECT * FROM label_schemas s WHERE version = (SELECT max(version) FROM label_schemas x WHERE x.name = s.name) ORDER BY rowid`,
    )
    .all();
  return rows.map((row) => toSchema(db, row));
}

/** A schema's newest version, or the one named; not_found names the schemas there are. */
export function getSchema(db: Db, name: string, version?: number): LabelSchema {
  const row = (
    version === undefined
      ? db.prepare('SELECT * FROM label_schemas WHERE name = ? ORDER BY version DESC LIMIT 1').get(name)
      : db.prepare('SELECT * FROM label_schemas WHERE name = ? AND version = ?').get(name, version)
  ) as SchemaRow | undefined;
  if (!row) {
    const known = db.prepare<unknown[], string>('SELECT DISTINCT name FROM label_schemas ORDER BY name').pluck().all().join(', ');
    throw new ApiError(
      'not_found',
      `label schema "${name}"${version === undefined ? '' : ` version ${version}`} is not in this corpus (known: ${known || 'none'})`,
    );
  }
  return toSchema(db, row);
}

/**
 * Saves a definition as the schema's next version (a new schema starts at 1). Saving the
 * definition the newest version already has changes nothing, so an editor may save freely.
 */
export function saveSchema(db: Db, name: string, definition: LabelSchemaDefinition, taxonomyVersion: string | null = null): LabelSchema {
  return db.transaction(() => {
    const newest = db.prepare<unknown[], SchemaRow>('SELECT * FROM label_schemas WHERE name = ? ORDER BY version DESC LIMIT 1').get(name);
    // Compared as parsed, so defaults filled in on one side and not the other do not count as a change.
    const same = newest && JSON.stringify(labelSchemaDefinition.parse(JSON.parse(newest.definition))) === JSON.stringify(definition);
    if (newest && same && newest.taxonomy_version === taxonomyVersion) return toSchema(db, newest);
    const version = (newest?.version ?? 0) + 1;
    db.prepare('INSERT INTO label_schemas (name, version, definition, created_at, taxonomy_version) VALUES (?, ?, ?, ?, ?)').run(
      name,
      version,
      JSON.stringify(definition),
      new Date().toISOString(),
      taxonomyVersion,
    );
    const saved = getSchema(db, name, version);
    flagBrokenLabels(db, saved);
    return saved;
  })();
}
