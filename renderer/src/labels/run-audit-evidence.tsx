import { useOperation } from '../api/use-operation';
import { GradeBadge } from '../components/grade-badge';
import { LoadingState } from '../components/loading-state';
import { formatHash } from '../router/route';
import { reportError } from '../app-state/app-store';

/**
 * The audited rollout beside the form: its task, grade and grader's verdict, every failure with
 * a link to its step, and the program versions with their hashes, which are the things a scope's
 * evidence names.
 */
export function RunAuditEvidence({ rollout }: { rollout: string }) {
  const { data: detail } = useOperation('rollouts.get', { id: rollout }, { onError: reportError });
  const { data: failures } = useOperation('failures.list', { rollout }, { onError: reportError });
  if (!detail || !failures) return <LoadingState label="Loading the rollout…" />;
  return (
    <aside className="evidence-pane run-audit-evidence" data-testid="run-audit-evidence" aria-label="The rollout's evidence" tabIndex={0}>
      <h3>
        <a href={formatHash({ name: 'rollout', id: detail.id, step: null })} className="mono">
          {detail.id}
        </a>{' '}
        <GradeBadge grade={detail.grade} />
      </h3>
      <p className="muted">
        <span className="mono">{detail.taskId}</span> · {detail.steps} steps · score {detail.score ?? '—'}
        {detail.metric && ` (${detail.metric}, ${detail.higherIsBetter ? 'higher' : 'lower'} is better)`}
      </p>
      {detail.graderVerdict && <p className="audit-grader">{detail.graderVerdict}</p>}
      <h3>Failures</h3>
      {failures.length === 0 ? (
        <p className="muted">No failure recorded.</p>
      ) : (
        <ul className="audit-failures">
          {failures.map((f) => (
            <li key={f.id} data-testid="run-audit-failure" data-step={f.step ?? 'grading'}>
              {f.step === null ? (
                <span className="muted">at grading</span>
              ) : (
                <a href={formatHash({ name: 'rollout', id: detail.id, step: f.step })}>step {f.step}</a>
              )}{' '}
              <span className="mono">{f.exceptionClass ?? f.kind.replace(/_/g, ' ')}</span>
              {f.category && <span className="category-code"> {f.category}</span>}
              {f.message && <span className="muted"> — {f.message.split('\n')[0]}</span>}
            </li>
          ))}
        </ul>
      )}
      <h3>Programs</h3>
      {detail.programs.length === 0 ? (
        <p className="muted">No program versions stored.</p>
      ) : (
        <ul className="audit-programs">
          {detail.programs.map((p) => (
            <li key={`${p.path}@${p.version}`}>
              <span className="mono">
                {p.path} v{p.version}
              </span>{' '}
              <span className="mono muted" title={p.sha256}>
                sha256 {p.sha256.slice(0, 12)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
