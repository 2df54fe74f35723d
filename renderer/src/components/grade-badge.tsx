import type { Grade } from '../../../common/corpus/corpus-types';

const tones: Record<Grade | 'ungraded', string> = {
  correct: 'ok',
  wrong: 'fail',
  invalid: 'warn',
  missing: 'neutral',
  ungraded: 'neutral',
};

/** A rollout's grade as a coloured badge; an ungraded rollout says so. */
export function GradeBadge({ grade }: { grade: Grade | null }) {
  const value = grade ?? 'ungraded';
  return <span className={`badge badge-${tones[value]}`}>{value}</span>;
}
