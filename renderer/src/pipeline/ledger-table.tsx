import type { ModelRequestRow, ModelRequestStatus } from '../../../common/model/model-types';
import { formatCount, formatDuration } from '../lib/format';
import { ledgerPageSize, usePipelineStore } from './pipeline-store';
import { formatUsd, formatWhen } from './pipeline-format';

const statuses: ModelRequestStatus[] = ['reserved', 'returned', 'failed', 'unresolved'];

function statusClass(status: ModelRequestStatus): string {
  if (status === 'returned') return 'badge badge-ok';
  if (status === 'failed') return 'badge badge-fail';
  if (status === 'unresolved') return 'badge badge-warn';
  return 'badge badge-neutral';
}

function tokens(n: number | null): string {
  return n === null ? '—' : formatCount(n);
}

function LedgerRow({ row }: { row: ModelRequestRow }) {
  return (
    <tr data-testid="ledger-row" data-request-id={row.id} data-status={row.status}>
      <td className="num mono">{row.id}</td>
      <td className="muted">{formatWhen(row.createdAt)}</td>
      <td>
        <span className={statusClass(row.status)} title={row.error ?? undefined}>
          {row.status}
        </span>
        {row.error !== null && <div className="muted ledger-error">{row.error}</div>}
      </td>
      <td>{row.purpose}</td>
      <td className="mono">{row.model}</td>
      <td className="num">{row.httpStatus ?? '—'}</td>
      <td className="num">{tokens(row.inputTokens)}</td>
      <td className="num">{tokens(row.outputTokens)}</td>
      <td className="num" title={row.costUsd === null ? 'unknown: no price in Settings, or the request was cut off' : undefined}>
        {formatUsd(row.costUsd)}
      </td>
      <td>
        {row.schemaValid === null ? (
          <span className="muted">no answer</span>
        ) : row.schemaValid ? (
          <span className="badge badge-ok">valid</span>
        ) : (
          <span className="badge badge-fail">invalid</span>
        )}
      </td>
      <td className="num">
        {formatDuration(row.latencyMs)}
        {row.transportRetries > 0 && <div className="muted">{row.transportRetries} retries</div>}
      </td>
    </tr>
  );
}

/** The model request ledger, newest first: filters, one page, the dollar sum of everything the filter matches. */
export function LedgerTable() {
  const page = usePipelineStore((s) => s.ledger);
  const filters = usePipelineStore((s) => s.ledgerFilters);
  const offset = usePipelineStore((s) => s.ledgerOffset);
  const { setLedgerFilters, setLedgerOffset } = usePipelineStore.getState();
  const total = page?.total ?? 0;
  const last = Math.min(offset + ledgerPageSize, total);
  return (
    <section className="ledger-panel" aria-labelledby="ledger-title">
      <header className="section-head ledger-head">
        <h2 id="ledger-title">Request ledger</h2>
        <label className="facet-inline">
          Status
          <select
            value={filters.status ?? ''}
            data-testid="ledger-status-filter"
            onChange={(e) => setLedgerFilters({ status: e.target.value === '' ? null : (e.target.value as ModelRequestStatus) })}
          >
            <option value="">any</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label className="facet-inline">
          Purpose
          <input
            type="search"
            className="ledger-purpose"
            data-testid="ledger-purpose-filter"
            placeholder="any (exact purpose)"
            defaultValue={filters.purpose ?? ''}
            onKeyDown={(e) => {
              if (e.key === 'Enter') setLedgerFilters({ purpose: e.currentTarget.value.trim() || null });
            }}
            onBlur={(e) => {
              const purpose = e.currentTarget.value.trim() || null;
              if (purpose !== filters.purpose) setLedgerFilters({ purpose });
            }}
          />
        </label>
        {page !== null && (
          <span className="muted ledger-sum" data-testid="ledger-sum">
            {formatCount(total)} request{total === 1 ? '' : 's'} · {formatUsd(page.costUsd)} in all
          </span>
        )}
      </header>
      <div className="ledger-scroll">
        <table className="pipeline-table" data-testid="ledger-table" data-total={page?.total ?? ''}>
          <thead>
            <tr>
              <th scope="col" className="num">
                #
              </th>
              <th scope="col">When</th>
              <th scope="col">Status</th>
              <th scope="col">Purpose</th>
              <th scope="col">Model</th>
              <th scope="col" className="num">
                HTTP
              </th>
              <th scope="col" className="num">
                In tokens
              </th>
              <th scope="col" className="num">
                Out tokens
              </th>
              <th scope="col" className="num">
                Cost
              </th>
              <th scope="col">Schema</th>
              <th scope="col" className="num">
                Latency
              </th>
            </tr>
          </thead>
          <tbody>
            {page?.rows.map((row) => (
              <LedgerRow key={row.id} row={row} />
            ))}
          </tbody>
        </table>
        {page !== null && page.rows.length === 0 && (
          <p className="empty-state" data-testid="ledger-empty">
            {filters.status === null && filters.purpose === null ? 'No model requests yet.' : 'No request matches these filters.'}
          </p>
        )}
      </div>
      {total > ledgerPageSize && (
        <footer className="ledger-pager">
          <button type="button" className="button button-small" disabled={offset === 0} onClick={() => setLedgerOffset(offset - ledgerPageSize)}>
            Previous
          </button>
          <span className="muted">
            {formatCount(offset + 1)}–{formatCount(last)} of {formatCount(total)}
          </span>
          <button type="button" className="button button-small" disabled={last >= total} onClick={() => setLedgerOffset(offset + ledgerPageSize)}>
            Next
          </button>
        </footer>
      )}
    </section>
  );
}
