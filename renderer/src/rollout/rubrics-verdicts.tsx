import { useEffect } from 'react';
import type { VerdictRow } from '../../../common/pipeline/pipeline-types';
import { useRetrievalStore } from '../libraries';
import { useVerdictStore, verdictKey } from '../pipeline';

const verdictText: Record<VerdictRow['verdict'], string> = {
  fires: 'fires',
  does_not_fire: 'does not fire',
  not_applicable: 'not applicable',
  insufficient_evidence: 'insufficient evidence',
  unknown: 'unknown',
};

const verdictClass: Record<VerdictRow['verdict'], string> = {
  fires: 'badge badge-fail',
  does_not_fire: 'badge badge-ok',
  not_applicable: 'badge badge-neutral',
  insufficient_evidence: 'badge badge-warn',
  unknown: 'badge badge-outline',
};

function Verdict({ v }: { v: VerdictRow }) {
  return (
    <div className="card-verdict" data-testid="card-verdict" data-verdict={v.verdict} data-program={`${v.program.path}:${v.program.version}`}>
      <div className="verdict-head">
        <span className={verdictClass[v.verdict]}>{verdictText[v.verdict]}</span>
        <span className="mono muted" title={`sha256 ${v.program.sha256}`}>
          {v.program.path} v{v.program.version}
        </span>
        {v.predictedException !== null && (
          <span title="Exception class the judge predicts this program raises">
            predicts <span className="mono">{v.predictedException}</span>
          </span>
        )}
        {v.grounded !== null && (
          <span className={v.grounded ? 'grounded-mark yes' : 'grounded-mark no'} title="Whether every citation was found at the lines it names">
            {v.grounded ? 'grounded' : 'ungrounded citation'}
          </span>
        )}
      </div>
      {v.rationale !== null && <div className="verdict-rationale">{v.rationale}</div>}
      {v.citations.length > 0 && (
        <ul className="verdict-citations">
          {v.citations.map((c, i) => (
            <li key={i} data-grounded={String(c.grounded)}>
              <span className={c.grounded ? 'grounded-mark yes' : 'grounded-mark no'} aria-label={c.grounded ? 'grounded' : 'not grounded'}>
                {c.grounded ? '✓' : '✗'}
              </span>{' '}
              <span className="mono">
                {c.location ? c.location.path : c.program.slice(0, 12)}:{c.lineStart}
                {c.lineEnd !== c.lineStart ? `–${c.lineEnd}` : ''}
              </span>{' '}
              <span className="mono muted">{c.quote.length > 120 ? `${c.quote.slice(0, 120)}…` : c.quote}</span>
              {typeof c.problem === 'string' && <span className="muted"> ({c.problem.replace(/_/g, ' ')})</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The latest CWM verdict of a rubric on this rollout (or the step's program) under the panel's
 * library, one per program version judged; says so when the judge has not seen it.
 */
export function RubricsVerdicts({ rubric }: { rubric: string }) {
  const rollout = useRetrievalStore((s) => s.result?.rollout ?? null);
  const step = useRetrievalStore((s) => s.result?.step ?? null);
  const library = useRetrievalStore((s) => s.result?.library ?? null);
  const key = rollout === null || library === null ? null : verdictKey({ rollout, step, library });
  const verdicts = useVerdictStore((s) => (key === null ? undefined : s.byKey[key]?.[rubric]));
  useEffect(() => {
    if (rollout !== null && library !== null) useVerdictStore.getState().load({ rollout, step, library });
  }, [rollout, step, library]);

  // Newest per program version.
  const latest: VerdictRow[] = [];
  const seen = new Set<string>();
  for (const v of verdicts ?? []) {
    const program = `${v.program.path}:${v.program.version}`;
    if (seen.has(program)) continue;
    seen.add(program);
    latest.push(v);
  }
  return (
    <div className="card-row">
      <span className="card-key">CWM</span>
      {latest.length === 0 ? (
        <span className="muted" data-testid="card-verdicts">
          no CWM verdicts yet
        </span>
      ) : (
        <div className="card-verdict-list" data-testid="card-verdicts" data-count={latest.length}>
          {latest.map((v) => (
            <Verdict key={v.id} v={v} />
          ))}
        </div>
      )}
    </div>
  );
}
