/** The rollout table's columns: header, cell and alignment, in display order. */
import type { ReactNode } from 'react';
import type { RolloutRow } from '../../../common/corpus/corpus-types';
import type { RolloutSortKey } from '../../../common/corpus/rollout-list';
import { GradeBadge } from '../components/grade-badge';
import { formatCount, formatDuration, formatScore } from '../lib/format';

/** One column of the rollout table; widths live in the CSS grid template. */
export interface RolloutColumn {
  key: string;
  label: string;
  numeric?: boolean;
  /** The server's sort key for this column. */
  sort: RolloutSortKey;
  cell(row: RolloutRow): ReactNode;
  /** The whole text of a cell that may be ellipsised, shown on hover. */
  title?(row: RolloutRow): string | undefined;
}

/** Columns in order; `.rollout-grid` in corpus.css sizes them. */
export const rolloutColumns: RolloutColumn[] = [
  { key: 'id', label: 'Rollout', sort: 'rollout', cell: (r) => <span className="mono">{r.id}</span>, title: (r) => r.id },
  { key: 'task', label: 'Task', sort: 'task', cell: (r) => r.taskId, title: (r) => r.taskId },
  { key: 'benchmark', label: 'Benchmark', sort: 'benchmark', cell: (r) => r.benchmarkId, title: (r) => r.benchmarkId },
  {
    key: 'collection',
    label: 'Collection',
    sort: 'collection',
    cell: (r) => r.collectionName ?? r.collectionId ?? '—',
    title: (r) => r.collectionName ?? r.collectionId ?? undefined,
  },
  { key: 'agent', label: 'Agent', sort: 'agent', cell: (r) => r.agent ?? '—', title: (r) => r.agent ?? undefined },
  { key: 'seed', label: 'Seed', numeric: true, sort: 'seed', cell: (r) => r.seed ?? '—' },
  { key: 'grade', label: 'Grade', sort: 'grade', cell: (r) => <GradeBadge grade={r.grade} /> },
  { key: 'score', label: 'Score', numeric: true, sort: 'score', cell: (r) => <ScoreCell row={r} /> },
  { key: 'steps', label: 'Steps', numeric: true, sort: 'steps', cell: (r) => formatCount(r.steps) },
  {
    key: 'failures',
    label: 'Failures',
    numeric: true,
    sort: 'failures',
    cell: (r) => (
      <span className={r.failures > 0 ? 'failure-count' : 'muted'} title={failureTitle(r)}>
        {formatCount(r.failures)}
      </span>
    ),
  },
  { key: 'duration', label: 'Duration', numeric: true, sort: 'duration', cell: (r) => formatDuration(r.durationMs) },
];

/** The score with its task's metric and which way is better, since tasks score differently. */
function ScoreCell({ row }: { row: RolloutRow }) {
  const arrow = row.higherIsBetter === null ? '' : row.higherIsBetter ? ' ↑' : ' ↓';
  const better = row.higherIsBetter === null ? 'direction unknown' : row.higherIsBetter ? 'higher is better' : 'lower is better';
  return (
    <span title={`${row.metric ?? 'metric unknown'}, ${better}`}>
      {formatScore(row.score)}
      {row.score === null ? null : <span className="score-metric muted">{` ${row.metric ?? ''}${arrow}`}</span>}
    </span>
  );
}

/** Failures by kind, then the first failure's exception class. */
function failureTitle(row: RolloutRow): string | undefined {
  if (row.failures === 0) return undefined;
  const kinds = Object.entries(row.failureKinds).map(([kind, n]) => `${n} ${kind.replace(/_/g, ' ')}`);
  return `${kinds.join(', ')}${row.firstException ? `; first: ${row.firstException}` : ''}`;
}
