/** The rollout table's columns: header, cell and alignment, in display order. */
import type { ReactNode } from 'react';
import type { RolloutRow } from '../../../common/domain';
import { GradeBadge } from '../components/grade-badge';
import { formatCount, formatDuration, formatScore } from '../lib/format';

/** One column of the rollout table; widths live in the CSS grid template. */
export interface RolloutColumn {
  key: string;
  label: string;
  numeric?: boolean;
  cell(row: RolloutRow): ReactNode;
}

/** Columns in order; `.rollout-grid` in corpus.css sizes them. */
export const rolloutColumns: RolloutColumn[] = [
  { key: 'id', label: 'Rollout', cell: (r) => <span className="mono">{r.id}</span> },
  { key: 'task', label: 'Task', cell: (r) => r.taskId },
  { key: 'benchmark', label: 'Benchmark', cell: (r) => r.benchmarkId },
  { key: 'collection', label: 'Collection', cell: (r) => r.collectionName ?? r.collectionId ?? '—' },
  { key: 'agent', label: 'Agent', cell: (r) => r.agent ?? '—' },
  { key: 'seed', label: 'Seed', numeric: true, cell: (r) => r.seed ?? '—' },
  { key: 'grade', label: 'Grade', cell: (r) => <GradeBadge grade={r.grade} /> },
  { key: 'score', label: 'Score', numeric: true, cell: (r) => formatScore(r.score) },
  { key: 'steps', label: 'Steps', numeric: true, cell: (r) => formatCount(r.steps) },
  {
    key: 'failures',
    label: 'Failures',
    numeric: true,
    cell: (r) => <span className={r.failures > 0 ? 'failure-count' : 'muted'}>{formatCount(r.failures)}</span>,
  },
  { key: 'duration', label: 'Duration', numeric: true, cell: (r) => formatDuration(r.durationMs) },
];
