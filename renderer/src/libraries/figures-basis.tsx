import type { FiguresBasis, FiguresSince } from '../../../common/pipeline/pipeline-types';
import { formatCount } from '../lib/format';
import { formatHash } from '../router/route';

const plural = (n: number, word: string) => `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`;

/**
 * What the figures above were computed from (docs/definitions.md, "Figures and their basis"),
 * and what was written since: the figures stay as they are until the user asks to recompute.
 */
export function FiguresBasisLine({ basis, since, onRecompute }: { basis: FiguresBasis; since: FiguresSince; onRecompute(): void }) {
  const changes = [
    since.reruns > 0 ? plural(since.reruns, 're-run') : null,
    since.verdicts > 0 ? plural(since.verdicts, 'verdict') : null,
    since.labels > 0 ? plural(since.labels, 'credit label') : null,
    since.failures > 0 ? plural(since.failures, 'failure event') : null,
  ].filter((c) => c !== null);
  return (
    <div className="pr-basis" data-testid="pr-basis" data-value={JSON.stringify(basis)}>
      <div className="muted">
        Computed {new Date(basis.computedAt).toLocaleString()} from the verdicts of judge run{basis.runs.length === 1 ? '' : 's'} {basis.runs.join(', ')}
        {basis.judgedAt && <> (latest written {new Date(basis.judgedAt).toLocaleString()})</>} (rows through verdict {basis.through.verdict}, attempt{' '}
        {basis.through.attempt}, label {basis.through.label}, failure event {basis.through.failure}), over the failure events of{' '}
        <details className="inline-details">
          <summary>{plural(basis.rollouts.length, 'judged rollout')}</summary>
          {basis.rollouts.map((r, i) => (
            <span key={r}>
              {i > 0 && ', '}
              <a href={formatHash({ name: 'rollout', id: r, step: null })}>{r}</a>
            </span>
          ))}
        </details>
      </div>
      {changes.length > 0 && (
        <p className="pr-since" data-testid="pr-since" role="status">
          {changes.join(' and ')} since these figures were computed, not counted in them:{' '}
          <button type="button" data-testid="pr-recompute" onClick={onRecompute}>
            recompute?
          </button>
        </p>
      )}
    </div>
  );
}
