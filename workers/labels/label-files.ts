/**
 * Offline collaboration: labels out to a file (bundle v1 label records, or CSV for
 * spreadsheets) and other auditors' files in. Import is atomic per file and idempotent: a
 * record already in the corpus is a duplicate, and a later label by the same annotator on the
 * same target simply supersedes the earlier one, which stays in the history.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, isAbsolute } from 'node:path';
import { labelRecord, type RecordOf } from '../../common/corpus/bundle';
import type { ParsedRequestOf } from '../../common/contract';
import { ApiError, toErrorData } from '../../common/errors';
import type { LabelExportResult, LabelImportFileResult } from '../../common/labels/labels';
import type { Db } from '../db/open-corpus';
import { importError } from '../import/import-error';
import { importFile } from '../import/import-file';
import { RecordWriter } from '../import/record-writer';
import { parseCsv } from '../util/csv';
import { resolveExportOut, writeClaimed } from './export-path';
import { exportBaseName, exportsFolder, writeNewFile } from './exports-folder';
import { csvColumns, csvLine, fromCsvRow, neutraliseCell, restoreCell, toCsvRow } from './label-csv';

type Row = Record<string, unknown>;

/** The labels a filter selects as bundle records, in the order `rwb export` writes them. */
export function labelRecords(db: Db, filter: { schema?: string; annotator?: string }): RecordOf<'label'>[] {
  const rows = db
    .prepare<unknown[], Row>(
      `SELECT * FROM labels WHERE (@schema IS NULL OR schema_name = @schema) AND (@annotator IS NULL OR annotator = @annotator)
      ORDER BY made_at, annotator, schema_name, target_kind, target_id`,
    )
    .all({ schema: filter.schema ?? null, annotator: filter.annotator ?? null });
  return rows.map(
    (l) =>
      ({
        ...(l.extra === null ? {} : (JSON.parse(l.extra as string) as Row)),
        type: 'label',
        annotator: l.annotator,
        schema: l.schema_name,
        target: { kind: l.target_kind, id: l.target_id },
        value: JSON.parse(l.value as string) as unknown,
        reasons: JSON.parse(l.reasons as string) as string[],
        note: l.note,
        at: l.made_at,
      }) as RecordOf<'label'>,
  );
}

export function labelsAsText(records: RecordOf<'label'>[], format: 'bundle' | 'csv'): string {
  if (format === 'bundle') return records.map((r) => `${JSON.stringify(r)}\n`).join('');
  return [csvLine(csvColumns), ...records.map((r) => csvLine(toCsvRow(r).map(neutraliseCell)))].map((line) => `${line}\r\n`).join('');
}

/**
 * Writes the labels to `out` (a relative one inside the exports folder), or without it to a new
 * file in the exports folder beside the corpus at `corpusPath` (the folder serve mode serves
 * downloads from). An existing file is never replaced: a free name beside it is chosen and reported.
 */
export function exportLabels(db: Db, corpusPath: string, req: ParsedRequestOf<'labels.export'>): LabelExportResult {
  const records = labelRecords(db, req);
  const text = labelsAsText(records, req.format);
  let path: string;
  let out: string | undefined;
  if (req.out !== undefined && isAbsolute(req.out)) out = req.out;
  else if (db.memory) throw new ApiError('invalid_request', 'labels.export: an in-memory corpus has no folder beside it; give an absolute `out`');
  else if (req.out !== undefined) out = resolveExportOut(exportsFolder(corpusPath), req.out, 'labels.export');
  if (out !== undefined) path = writeClaimed(out, text, 'labels.export');
  else path = writeNewFile(exportsFolder(corpusPath), exportBaseName(req, new Date()), req.format === 'csv' ? 'csv' : 'jsonl', text);
  return { path, format: req.format, records: records.length, renamedFrom: out !== undefined && out !== path ? out : null };
}

/** A CSV file's label records, validated; errors name `file:row` (the header is row 1) and the field. */
function readCsvLabels(path: string, label: string): { row: number; record: RecordOf<'label'> }[] {
  const rows = parseCsv(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''));
  const header = rows[0];
  if (!header) throw new ApiError('import_failed', `${label}: the file is empty`);
  const missing = csvColumns.filter((c) => !['schema_version', 'taxonomy', 'adjudication', 'retracts', 'extra'].includes(c) && !header.includes(c));
  if (missing.length) throw importError({ file: label, line: 1 }, `the header lacks the column(s) ${missing.join(', ')}`);
  const unknown = header.filter((c) => !(csvColumns as readonly string[]).includes(c));
  if (unknown.length) throw importError({ file: label, line: 1 }, `unknown column(s) ${unknown.join(', ')} (known: ${csvColumns.join(', ')})`);
  return rows.slice(1).map((cells, i) => {
    const at = { file: label, line: i + 2 };
    const named = Object.fromEntries(csvColumns.map((c) => [c, header.includes(c) ? restoreCell(cells[header.indexOf(c)] ?? '') : ''])) as Parameters<
      typeof fromCsvRow
    >[0];
    let raw: Record<string, unknown>;
    try {
      raw = fromCsvRow(named);
    } catch (err) {
      throw importError(at, `a cell holds malformed JSON (${(err as Error).message})`);
    }
    const parsed = labelRecord.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw importError({ ...at, field: issue.path.join('.') }, issue.message);
    }
    return { row: i + 2, record: parsed.data };
  });
}

function importCsv(db: Db, path: string): LabelImportFileResult {
  const label = basename(path);
  const records = readCsvLabels(path, label);
  const result: LabelImportFileResult = { file: path, format: 'csv', labels: 0, duplicates: 0, error: null };
  db.transaction(() => {
    const writer = new RecordWriter(db);
    for (const { row, record } of records) {
      if (writer.write(record, { file: label, line: row }) === 'duplicate') result.duplicates += 1;
      else result.labels += 1;
    }
    writer.failures.finish();
    db.prepare('INSERT INTO imports (file, format, sha256, counts, imported_at) VALUES (?, ?, ?, ?, ?)').run(
      path,
      'labels-csv',
      createHash('sha256').update(readFileSync(path)).digest('hex'),
      JSON.stringify(result),
      new Date().toISOString(),
    );
  })();
  return result;
}

/** CSV by its header line, bundle otherwise (a bundle's first line is a JSON object). */
function formatOf(path: string, asked: 'auto' | 'bundle' | 'csv'): 'bundle' | 'csv' {
  if (asked !== 'auto') return asked;
  const head = readFileSync(path, 'utf8')
    .slice(0, 4096)
    .replace(/^\uFEFF/, '');
  return head.trimStart().startsWith('{') || path.endsWith('.gz') ? 'bundle' : 'csv';
}

/** Imports label files one by one, each atomically; a file that fails is reported and the others still land. */
export async function importLabelFiles(db: Db, req: ParsedRequestOf<'labels.import'>): Promise<LabelImportFileResult[]> {
  const results: LabelImportFileResult[] = [];
  for (const path of req.paths) {
    let format: 'bundle' | 'csv' = req.format === 'auto' ? 'csv' : req.format;
    try {
      format = formatOf(path, req.format);
      if (format === 'csv') results.push(importCsv(db, path));
      else {
        const r = await importFile(db, path, { format: 'bundle' });
        results.push({ file: path, format, labels: r.labels, duplicates: r.duplicates, error: null });
      }
    } catch (err) {
      const error = toErrorData(err);
      results.push({ file: path, format, labels: 0, duplicates: 0, error: { code: error.code, message: error.message } });
    }
  }
  return results;
}
