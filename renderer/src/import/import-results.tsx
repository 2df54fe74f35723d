import { wasCancelled, type ImportRow } from '../lib/import-results';
import { formatCount } from '../lib/format';

const counts: { key: keyof Pick<ImportRow, 'rollouts' | 'steps' | 'failures' | 'rubrics' | 'duplicates'>; label: string; title: string }[] = [
  { key: 'rollouts', label: 'Rollouts', title: 'rollouts added' },
  { key: 'steps', label: 'Steps', title: 'steps added' },
  { key: 'failures', label: 'Failure events', title: 'failure events added, including those derived from failed commands' },
  { key: 'rubrics', label: 'Rubrics', title: 'rubrics added' },
  { key: 'duplicates', label: 'Duplicates', title: 'records already in the corpus, left as they were' },
];

function statusLabel(row: ImportRow): string {
  if (row.status === 'failed') return wasCancelled(row) ? 'cancelled' : 'failed';
  // Import is idempotent: a file imported before adds nothing, and should not read as news.
  const added = counts.some((c) => c.key !== 'duplicates' && row[c.key] > 0);
  return added || row.duplicates === 0 ? 'imported' : 'already in corpus';
}

/** What each file added to the corpus, or why it added nothing (in red, naming file:line and field). */
export function ImportResults({ rows }: { rows: ImportRow[] }) {
  return (
    <table className="import-results">
      <thead>
        <tr>
          <th>File</th>
          <th>Format</th>
          {counts.map((c) => (
            <th key={c.key} className="numeric" title={c.title}>
              {c.label}
            </th>
          ))}
          <th>Status</th>
        </tr>
      </thead>
      {rows.map((row, i) => (
        <tbody key={i} data-testid="import-result-row" data-file={row.name} data-status={row.status}>
          <tr>
            <td className="mono">{row.name}</td>
            <td>{row.format}</td>
            {counts.map((c) => (
              <td key={c.key} className="numeric">
                {row.status === 'ok' ? formatCount(row[c.key]) : <span className="muted">—</span>}
              </td>
            ))}
            <td>
              <span className={`badge badge-${row.status === 'ok' ? 'ok' : wasCancelled(row) ? 'warn' : 'fail'}`}>{statusLabel(row)}</span>
            </td>
          </tr>
          {row.error && (
            <tr className="import-error-row">
              <td colSpan={counts.length + 3} className={wasCancelled(row) ? 'import-error cancelled' : 'import-error'} data-testid="import-error">
                {row.error.message}
              </td>
            </tr>
          )}
        </tbody>
      ))}
    </table>
  );
}
