import type { RerunEvidence, RerunOutcome } from '../../../common/pipeline/pipeline-types';
import { formatCount } from '../lib/format';
import { formatHash } from '../router/route';
import { formatRunsRoute } from '../router/runs-route';

const tone: Record<RerunOutcome, string> = { reproduced: 'fail', different: 'ok', environment: 'warn', unresolved: 'neutral' };

/**
 * Re-runs of the judged error failures, beside precision and recall and never part of them
 * (docs/definitions.md, "Re-runs of judged failures"): the figure, then each re-run failure
 * with the attempts behind it.
 */
export function RerunEvidenceSection({ reruns }: { reruns: RerunEvidence }) {
  const never = reruns.judgedFailures - reruns.rerun;
  return (
    <section className="pr-reruns" data-testid="pr-reruns" data-value={JSON.stringify({ ...reruns, failures: undefined })}>
      <h3>Re-runs of judged failures</h3>
      <p data-testid="pr-reruns-figure">
        Re-runs reproduced <strong>{formatCount(reruns.reproduced)}</strong> of {formatCount(reruns.rerun)} re-run judged failure
        {reruns.rerun === 1 ? '' : 's'} ({formatCount(reruns.different)} different, {formatCount(reruns.environment)} environment,{' '}
        {formatCount(reruns.unresolved)} unresolved); {formatCount(never)} of {formatCount(reruns.judgedFailures)} judged failures never re-run.{' '}
        <span className="muted">Not part of precision or recall.</span>
      </p>
      {reruns.failures.length > 0 && (
        <table className="pipeline-table pr-table">
          <thead>
            <tr>
              <th scope="col">Judged failure</th>
              <th scope="col">Outcome</th>
              <th scope="col">Re-runs</th>
            </tr>
          </thead>
          <tbody>
            {reruns.failures.map((f) => (
              <tr key={`${f.rollout}:${f.path}:${f.version}:${f.exceptionClass ?? ''}`} data-testid="pr-rerun-failure" data-outcome={f.outcome ?? ''}>
                <td>
                  <a href={formatHash({ name: 'rollout', id: f.rollout, step: null })}>{f.rollout}</a> {f.path} v{f.version}:{' '}
                  <code>{f.exceptionClass ?? 'crash without a traceback'}</code>
                </td>
                <td>{f.outcome && <span className={`badge badge-${tone[f.outcome]}`}>{f.outcome}</span>}</td>
                <td>
                  <ul className="plain-list">
                    {f.attempts.map((a) => (
                      <li key={a.id}>
                        <a href={formatRunsRoute({ name: 'runs', experiment: a.experiment, attempt: a.id })}>attempt {a.id}</a> {a.outcome}:{' '}
                        <span className="muted">{a.summary.replace(/^[a-z ]+: /, '')}</span>
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
