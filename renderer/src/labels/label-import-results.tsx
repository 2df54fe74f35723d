import { formatCount } from '../lib/format';
import { wasCancelled } from '../lib/import-results';
import type { LabelImportRow } from './label-import-rows';

function statusLabel(row: LabelImportRow): string {
  if (row.status === 'failed') return 'failed';
  // Import is idempotent: a file imported before adds nothing, and should not read as news.
  return row.labels > 0 || row.duplicates === 0 ? 'imported' : 'already in corpus';
}

/**
 * What each label file added, or why it added nothing (in red, naming file:line and field), in
 * the corpus import's table style.
 */
export function LabelImportResults({ rows }: { rows: LabelImportRow[] }) {
  return (
    <table className="import-results">
      <thead>
        <tr>
          <th>File</th>
          <th>Format</th>
          <th className="numeric" title="label records added">
            Labels
          </th>
          <th className="numeric" title="records already in the corpus, left as they were">
            Duplicates
          </th>
          <th>Status</th>
        </tr>
      </thead>
      {rows.map((row, i) => (
        <tbody key={i} data-testid="label-import-row" data-file={row.name} data-status={row.status} data-labels={row.labels} data-duplicates={row.duplicates}>
          <tr>
            <td className="mono">{row.name}</td>
            <td>{row.format}</td>
            <td className="numeric">{row.status === 'ok' ? formatCount(row.labels) : <span className="muted">—</span>}</td>
            <td className="numeric">{row.status === 'ok' ? formatCount(row.duplicates) : <span className="muted">—</span>}</td>
            <td>
              <span className={`badge badge-${row.status === 'ok' ? 'ok' : wasCancelled(row) ? 'warn' : 'fail'}`}>{statusLabel(row)}</span>
            </td>
          </tr>
          {row.error && (
            <tr className="import-error-row">
              <td colSpan={5} className="import-error" data-testid="label-import-error">
                {row.error.message}
              </td>
            </tr>
          )}
        </tbody>
      ))}
    </table>
  );
}
