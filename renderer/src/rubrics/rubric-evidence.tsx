import type { RubricSupport } from '../../../common/rubrics/rubric-types';
import { GradeBadge } from '../components/grade-badge';
import { formatHash } from '../router/route';

/**
 * The rollouts a rubric was mined from, each opening the rollout screen. A source rollout
 * that is not in this corpus is listed as such: the rubric still names it.
 */
export function RubricEvidence({ support }: { support: RubricSupport[] }) {
  return (
    <section className="rubric-section" aria-labelledby="rubric-evidence-title">
      <h2 id="rubric-evidence-title">
        Evidence <span className="muted">· {support.length === 1 ? '1 source rollout' : `${support.length} source rollouts`}</span>
      </h2>
      {support.length === 0 ? (
        <p className="muted">No source rollouts recorded.</p>
      ) : (
        <table className="plain-table" data-testid="rubric-support">
          <thead>
            <tr>
              <th>Rollout</th>
              <th>Task</th>
              <th>Benchmark</th>
              <th>Grade</th>
            </tr>
          </thead>
          <tbody>
            {support.map((s) => (
              <tr key={s.rollout} data-testid="support-row" data-in-corpus={s.inCorpus}>
                <td className="mono">
                  {s.inCorpus ? (
                    <a href={formatHash({ name: 'rollout', id: s.rollout, step: null })} data-testid="support-link">
                      {s.rollout}
                    </a>
                  ) : (
                    <>
                      {s.rollout} <span className="badge badge-neutral">not in this corpus</span>
                    </>
                  )}
                </td>
                <td className="mono">{s.task ?? '—'}</td>
                <td>
                  {s.benchmark ?? '—'}{' '}
                  {s.benchmarkRole && <span className={`badge badge-role role-${s.benchmarkRole}`}>{s.benchmarkRole.replace(/_/g, ' ')}</span>}
                </td>
                <td>{s.inCorpus ? <GradeBadge grade={s.grade} /> : <span className="muted">—</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
