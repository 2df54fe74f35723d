/**
 * Label records as CSV rows for spreadsheets, and back. The mapping is lossless: a value that
 * is not a plain string (a run audit, a number) is written as JSON, as are strings that would
 * read back as something else; bundle extra fields get columns of their own or the `extra`
 * column. So a CSV read back gives records equal to the bundle export, and importing it into
 * a corpus that already has those labels finds them all as duplicates.
 */
import type { RecordOf } from '../../common/corpus/bundle';

type LabelRecord = RecordOf<'label'>;

export const csvColumns = [
  'annotator',
  'schema',
  'target_kind',
  'target_id',
  'value',
  'reasons',
  'note',
  'at',
  'schema_version',
  'taxonomy',
  'adjudication',
  'retracts',
  'extra',
] as const;

const core = new Set(['type', 'annotator', 'schema', 'target', 'value', 'reasons', 'note', 'at']);

/** Whether a cell reads back as JSON rather than as plain text. */
const readsAsJson = (cell: string) => /^[{["]/.test(cell) || /^(true|false|null)$/.test(cell) || /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(cell);

export function encodeValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value === '' || readsAsJson(value) || value !== value.trim() ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

export function decodeValue(cell: string): unknown {
  if (cell === '') return null;
  return readsAsJson(cell) ? (JSON.parse(cell) as unknown) : cell;
}

function encodeReasons(reasons: string[]): string {
  const plain = reasons.every((r) => r !== '' && !r.includes(';') && !r.startsWith('['));
  return plain ? reasons.join(';') : JSON.stringify(reasons);
}

function decodeReasons(cell: string): string[] {
  if (cell === '') return [];
  return cell.startsWith('[') ? (JSON.parse(cell) as string[]) : cell.split(';');
}

/** One record as a row of cells in `csvColumns` order. */
export function toCsvRow(record: LabelRecord): string[] {
  const extra: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(record)) if (!core.has(key)) extra[key] = v;
  const take = <T>(key: string, ok: (v: unknown) => v is T): T | undefined => {
    const v = extra[key];
    if (!ok(v)) return undefined;
    delete extra[key];
    return v;
  };
  const schemaVersion = take('schemaVersion', (v): v is number => Number.isInteger(v));
  const taxonomy = take('taxonomy', (v): v is string => typeof v === 'string' && v !== '');
  const adjudication = take('adjudication', (v): v is true => v === true);
  const retracts = take('retracts', (v): v is string => typeof v === 'string' && v !== '');
  return [
    record.annotator,
    record.schema,
    record.target.kind,
    record.target.id,
    encodeValue(record.value),
    encodeReasons(record.reasons),
    record.note,
    record.at,
    schemaVersion === undefined ? '' : String(schemaVersion),
    taxonomy ?? '',
    adjudication ? 'true' : '',
    retracts ?? '',
    Object.keys(extra).length ? JSON.stringify(extra) : '',
  ];
}

/** A row read back as a raw record, for the bundle's label schema to validate. Throws on bad JSON. */
export function fromCsvRow(cells: Record<(typeof csvColumns)[number], string>): Record<string, unknown> {
  const extra = cells.extra === '' ? {} : (JSON.parse(cells.extra) as Record<string, unknown>);
  return {
    ...extra,
    ...(cells.schema_version === '' ? {} : { schemaVersion: Number(cells.schema_version) }),
    ...(cells.taxonomy === '' ? {} : { taxonomy: cells.taxonomy }),
    ...(cells.adjudication === 'true' ? { adjudication: true } : {}),
    ...(cells.retracts === '' ? {} : { retracts: cells.retracts }),
    type: 'label',
    annotator: cells.annotator,
    schema: cells.schema,
    target: { kind: cells.target_kind, id: cells.target_id },
    value: decodeValue(cells.value),
    reasons: decodeReasons(cells.reasons),
    note: cells.note,
    at: cells.at,
  };
}

/**
 * A cell a spreadsheet would evaluate (starting `=`, `+`, `-`, `@`, tab or CR) gets a leading
 * `'`, the OWASP defence against CSV injection: the spreadsheet shows it as text. A cell that
 * already starts with `'` gets one too, so reading back strips exactly one from every cell that
 * starts with it and each cell returns as written (a JSON number like `-1` included).
 */
export function neutraliseCell(cell: string): string {
  return /^[=+\-@\t\r']/.test(cell) ? `'${cell}` : cell;
}

/** The cell as written before `neutraliseCell`. */
export function restoreCell(cell: string): string {
  return cell.startsWith("'") ? cell.slice(1) : cell;
}

/** A CSV line (RFC 4180): fields quoted when they hold a comma, quote, line break or edge space. */
export function csvLine(cells: readonly string[]): string {
  return cells.map((c) => (/[",\r\n]|^\s|\s$/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');
}
