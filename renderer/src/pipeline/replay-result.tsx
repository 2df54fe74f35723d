import type { ReplayState } from './pipeline-store';

/** What a replay found: identical, or the records that differ (stored against replayed). */
export function ReplayResult({ state }: { state: ReplayState }) {
  if (state.loading && state.report === null) {
    return (
      <div className="replay-result" data-testid="replay-result" data-state="loading">
        <span className="muted">Replaying from the ledger…</span>
      </div>
    );
  }
  if (state.error !== null) {
    return (
      <div className="replay-result replay-failed" data-testid="replay-result" data-state="error" role="status">
        Replay could not run: {state.error}
      </div>
    );
  }
  const r = state.report;
  if (r === null) return null;
  return (
    <div
      className={r.identical ? 'replay-result replay-identical' : 'replay-result replay-different'}
      data-testid="replay-result"
      data-state={r.identical ? 'identical' : 'different'}
      role="status"
    >
      <strong>{r.identical ? 'Identical' : `${r.differences.length} difference${r.differences.length === 1 ? '' : 's'}`}</strong>{' '}
      <span className="muted">
        {r.records} record{r.records === 1 ? '' : 's'} compared, {r.requests} request{r.requests === 1 ? '' : 's'} answered from the ledger
        {r.library !== null && (
          <>
            {' '}
            · library <span className="mono">{r.library}</span>
          </>
        )}
      </span>
      {!r.identical && r.differences.length > 0 && (
        <table className="replay-diffs">
          <thead>
            <tr>
              <th scope="col">Record</th>
              <th scope="col">Stored</th>
              <th scope="col">Replayed</th>
            </tr>
          </thead>
          <tbody>
            {r.differences.map((d) => (
              <tr key={d.key}>
                <td className="mono">{d.key}</td>
                <td className="mono diff-json">{d.stored ?? <span className="muted">missing</span>}</td>
                <td className="mono diff-json">{d.replayed ?? <span className="muted">missing</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
