import { useCorpusStore } from './corpus-store';
import { formatCount } from '../lib/format';

/** The corpus's size at a glance: how many of each thing it holds. */
export function CorpusSummary() {
  const stats = useCorpusStore((s) => s.stats);
  if (!stats) return null;
  const items: [string, number][] = [
    ['benchmarks', stats.benchmarks],
    ['tasks', stats.tasks],
    ['rollouts', stats.rollouts],
    ['steps', stats.steps],
    ['failure events', stats.failures],
    ['programs', stats.programs],
    ['rubrics', stats.rubrics],
  ];
  return (
    <dl className="corpus-summary">
      {items.map(([label, value]) => (
        <div key={label} className="summary-item">
          <dt>{label}</dt>
          <dd>{formatCount(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
