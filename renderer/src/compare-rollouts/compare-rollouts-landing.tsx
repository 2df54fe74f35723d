import { RolloutInput } from '../compare';
import { navigate } from '../router/router';

/** Picks the two rollouts when the URL names fewer than two. */
export function CompareRolloutsLanding({ a, b }: { a: string | null; b: string | null }) {
  const go = (next: { a: string | null; b: string | null }) => navigate({ name: 'compare-rollouts', ...next, row: null });
  return (
    <div className="compare-rollouts-landing" data-testid="compare-rollouts-landing">
      <p>
        Pick two rollouts, usually two runs of one task, to see their steps side by side. On the Corpus screen, <kbd>c</kbd> marks the selected rollout and{' '}
        <kbd>c</kbd> on a second one opens them here; a rollout's <em>Other runs of this task</em> list offers the same.
      </p>
      <div className="landing-pickers">
        <RolloutInput value={a ?? ''} label="Rollout A" testId="compare-rollouts-a" onCommit={(id) => go({ a: id, b })} />
        <RolloutInput value={b ?? ''} label="Rollout B" testId="compare-rollouts-b" onCommit={(id) => go({ a, b: id })} />
      </div>
    </div>
  );
}
