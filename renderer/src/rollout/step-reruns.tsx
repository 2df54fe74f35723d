import { useOperation } from '../api/use-operation';
import { outcomeTone } from '../runs';
import { formatRunsRoute } from '../router/runs-route';

/** A step's reruns: every attempt that re-ran the program version it ran, with whether the failure came back. */
export function StepReruns({ program }: { program: { rollout: string; path: string; version: number } }) {
  const { rollout, path, version } = program;
  // Reruns that cannot be listed leave the step as it was; the Runs screen still has them.
  const reruns = useOperation('attempts.ofProgram', { rollout, path, version }).data;
  if (reruns === null || reruns.length === 0) return null;
  return (
    <section className="step-reruns" data-testid="step-reruns">
      <h3>
        Reruns of {path} v{version}
      </h3>
      <ul>
        {reruns.map((r) => (
          <li key={r.attemptId} data-testid="step-rerun" data-outcome={r.outcome}>
            <a href={formatRunsRoute({ name: 'runs', experiment: r.experiment, attempt: r.attemptId })}>attempt {r.attemptId}</a>{' '}
            <span className={`badge badge-${outcomeTone[r.outcome]}`}>{r.outcome.replace('_', ' ')}</span> {r.summary.replace(/^[a-z ]+: /, '')}
            {r.host && <span className="muted"> on {r.host}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
