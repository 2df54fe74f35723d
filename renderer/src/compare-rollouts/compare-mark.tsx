import { useCommands } from '../commands/use-commands';
import { navigate } from '../router/router';
import { useRolloutComparisonStore } from './rollout-comparison-store';

/**
 * Picking two rollouts on the Corpus screen: `c` marks the selected rollout, `c` on a second
 * one opens both in Compare rollouts. Says which rollout is marked, in the table's key line.
 */
export function CompareMark({ selectedId }: { selectedId: string | null }) {
  const marked = useRolloutComparisonStore((s) => s.marked);
  const mark = useRolloutComparisonStore((s) => s.mark);
  useCommands([
    {
      id: 'rollouts.compare-mark',
      group: 'Rollouts',
      title: marked === null ? 'Mark the selected rollout to compare with another' : `Compare ${marked} with the selected rollout`,
      keys: ['c'],
      when: () => selectedId !== null && selectedId !== marked,
      run: () => {
        if (selectedId === null) return;
        if (marked === null) return mark(selectedId);
        mark(null);
        navigate({ name: 'compare-rollouts', a: marked, b: selectedId, row: null });
      },
    },
    { id: 'rollouts.compare-unmark', group: 'Rollouts', title: 'Forget the rollout marked to compare', when: () => marked !== null, run: () => mark(null) },
  ]);
  return marked === null ? (
    <span data-testid="compare-mark">
      {' '}
      · <kbd>c</kbd> marks a rollout to compare
    </span>
  ) : (
    <span data-testid="compare-mark" data-marked={marked}>
      {' '}
      · <span className="mono">{marked}</span> marked: <kbd>c</kbd> on another rollout compares them{' '}
      <button type="button" className="link-button" onClick={() => mark(null)}>
        forget
      </button>
    </span>
  );
}
