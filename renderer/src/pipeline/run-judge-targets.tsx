import type { JudgeTargetReport } from '../../../common/pipeline/pipeline-types';
import { formatCount } from '../lib/format';
import { formatHash } from '../router/route';

/** The cases a judge run judged, each leading to its rollout. */
export function JudgeTargets({ rows }: { rows: JudgeTargetReport[] }) {
  return (
    <table className="pipeline-table run-report-table" data-testid="run-targets">
      <thead>
        <tr>
          <th scope="col">Case</th>
          <th scope="col">Program</th>
          <th scope="col" className="num">
            Rubrics
          </th>
          <th scope="col" className="num">
            Fire
          </th>
          <th scope="col">Outcome</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((t) => (
          <tr key={t.unit}>
            <td>
              <a className="mono" href={formatHash({ name: 'rollout', id: t.rollout, step: t.step })}>
                {t.rollout}
                {t.step !== null && ` step ${t.step}`}
              </a>
            </td>
            <td className="mono">
              {t.program.path} v{t.program.version}
            </td>
            <td className="num">{formatCount(t.rubrics)}</td>
            <td className="num">{formatCount(t.fires)}</td>
            <td>
              <span className={t.outcome === 'judged' ? 'badge badge-ok' : 'badge badge-fail'}>{t.outcome}</span>
              {t.message !== null && <div className="muted run-message">{t.message}</div>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
