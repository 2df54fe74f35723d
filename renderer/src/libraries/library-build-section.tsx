import type { FilterAllocation, LibraryBuild, OriginAudit, ProposalFate, QuotaCategoryReport } from '../../../common/pipeline/pipeline-types';
import { useOperation } from '../api/use-operation';
import { CurationFunnel } from './curation-funnel';
import { LoadingState } from '../components/loading-state';
import { formatCount } from '../lib/format';
import { formatHash } from '../router/route';
import { CategoryBadge } from '../rubrics';

interface BuildState {
  build: LibraryBuild | null;
  audit: OriginAudit | null;
  /** The run's proposals when the run is in this corpus (an imported library may name one that is not). */
  proposals: ProposalFate[] | null;
  error: string | null;
}

const stopText: Record<QuotaCategoryReport['stop'], string> = {
  full: 'quota filled',
  covered: 'failures already covered',
  exhausted: 'ran out of failures',
  no_quota: 'no quota',
};

const share = (x: number) => `${(x * 100).toFixed(1)}%`;

/** One numeric column of a build's per-category table. */
interface Column<Row> {
  label: string;
  title?: string;
  value(row: Row): string;
}

const quotaColumns: Column<QuotaCategoryReport>[] = [
  { label: 'Share', title: "Its share of the pool's failures", value: (r) => share(r.share) },
  { label: 'Quota', value: (r) => formatCount(r.quota) },
  { label: 'Failures', value: (r) => formatCount(r.failures) },
  { label: 'Asked', title: 'Failures the miner was asked about', value: (r) => formatCount(r.asked) },
  { label: 'Failed calls', value: (r) => formatCount(r.failedCalls) },
  { label: 'Filled', value: (r) => formatCount(r.filled) },
];

const allocationColumns: Column<FilterAllocation>[] = [
  { label: 'Share', title: "Its share of the pool's failures", value: (r) => share(r.share) },
  { label: 'Quota', value: (r) => formatCount(r.quota) },
  { label: 'Available', title: 'Rubrics of this category in the library it was cut from', value: (r) => formatCount(r.available) },
  { label: 'Kept', value: (r) => formatCount(r.kept) },
];

/** A Quota run's categories or a Filtered cut's allocation, a row per category. */
function CategoryTable<Row extends { category: string }>(props: { testId: string; rows: Row[]; columns: Column<Row>[]; stop?: (row: Row) => string }) {
  const { testId, rows, columns, stop } = props;
  return (
    <table className="pipeline-table" data-testid={testId}>
      <thead>
        <tr>
          <th scope="col">Category</th>
          {columns.map((c) => (
            <th key={c.label} scope="col" className="num" title={c.title}>
              {c.label}
            </th>
          ))}
          {stop && <th scope="col">Stopped because</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.category} data-testid="build-category" data-category={r.category}>
            <td>
              <CategoryBadge code={r.category} withName />
            </td>
            {columns.map((c) => (
              <td key={c.label} className="num">
                {c.value(r)}
              </td>
            ))}
            {stop && <td>{stop(r)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AuditResult({ audit }: { audit: OriginAudit }) {
  return (
    <div className="origin-audit" data-testid="origin-audit" data-passed={String(audit.passed)}>
      {audit.passed ? (
        <p>
          <span className="badge badge-ok">origin audit passed</span> None of its {formatCount(audit.rubrics)} rubrics comes from a held-out benchmark.
        </p>
      ) : (
        <>
          <p>
            <span className="badge badge-fail">origin audit failed</span> {formatCount(audit.violations.length)} source
            {audit.violations.length === 1 ? '' : 's'} from held-out benchmarks:
          </p>
          <ul>
            {audit.violations.map((v) => (
              <li key={`${v.rubric}:${v.rollout}`} data-testid="origin-violation">
                <a href={formatHash({ name: 'rubric', id: v.rubric })}>{v.title}</a> from task <span className="mono">{v.task}</span> (
                <span className="mono">{v.benchmark}</span>, rollout <a href={formatHash({ name: 'rollout', id: v.rollout, step: null })}>{v.rollout}</a>)
              </li>
            ))}
          </ul>
        </>
      )}
      {audit.unresolved.length > 0 && (
        <p className="muted" data-testid="origin-unresolved">
          {formatCount(audit.unresolved.length)} source rollout{audit.unresolved.length === 1 ? '' : 's'} could not be traced to a benchmark in this corpus:{' '}
          {audit.unresolved.map((u) => u.rollout).join(', ')}.
        </p>
      )}
    </div>
  );
}

/** How a library was built (funnel, Quota categories or Filtered allocation, its run) and its held-out-origin audit. */
export function LibraryBuildSection({ library }: { library: string }) {
  const built = useOperation('libraries.build', { library });
  const audited = useOperation('libraries.auditOrigins', { library });
  const runId = built.data?.run ?? null;
  // A run that cannot be read (not in this corpus) only leaves the funnel without its proposals.
  const run = useOperation('pipeline.get', runId === null ? null : { run: runId });
  const failed = built.error ?? audited.error;
  const shown: BuildState | null =
    failed !== null
      ? { build: null, audit: null, proposals: null, error: failed.message }
      : built.data === null || audited.data === null || run.loading
        ? null
        : { build: built.data, audit: audited.data, proposals: run.data?.report?.proposals ?? null, error: null };
  const build = shown?.build ?? null;
  return (
    <section className="library-build" aria-labelledby="library-build-title" data-testid="library-build">
      <header className="section-head">
        <h2 id="library-build-title">How it was built</h2>
        {build?.run != null && (
          <span className="muted">
            pipeline run{' '}
            <a href={formatHash({ name: 'pipeline', run: build.run })} className="mono">
              {build.run}
            </a>
          </span>
        )}
      </header>
      {shown === null ? (
        <LoadingState label="Loading how the library was built…" />
      ) : shown.error !== null ? (
        <p className="empty-state">The build record could not be read: {shown.error}</p>
      ) : (
        <>
          {build!.funnel === null ? (
            <p className="muted" data-testid="build-no-funnel">
              No curation funnel: this {build!.method} library was imported or cut from another, not mined here.
            </p>
          ) : (
            <CurationFunnel funnel={build!.funnel} proposals={shown.proposals} />
          )}
          {build!.categories.length > 0 && (
            <CategoryTable testId="build-quota" rows={build!.categories} columns={quotaColumns} stop={(r) => stopText[r.stop]} />
          )}
          {build!.allocation.length > 0 && <CategoryTable testId="build-allocation" rows={build!.allocation} columns={allocationColumns} />}
          {shown.audit !== null && <AuditResult audit={shown.audit} />}
        </>
      )}
    </section>
  );
}
