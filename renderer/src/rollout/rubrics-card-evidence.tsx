import { useRef } from 'react';
import { useOperation } from '../api/use-operation';
import { rubricViewTables } from '../api/view-tables';
import { formatHash } from '../router/route';
import { LabelValue, useInView } from '../rubrics';

/**
 * What the retrieval answer does not carry: the rubric's labels and its source rollouts,
 * fetched once the card nears the viewport (a retrieval may fill hundreds of slots).
 */
export function RubricsCardEvidence({ id }: { id: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const inView = useInView(ref);
  const { data: rubric, error } = useOperation('rubrics.get', inView ? { id } : null, { tables: rubricViewTables });
  const failure = rubric ? null : error;

  return (
    <div className="card-evidence" ref={ref}>
      {failure ? (
        <span className="muted">Labels could not be loaded: {failure.message}</span>
      ) : !rubric ? (
        <span className="muted">Loading labels…</span>
      ) : (
        <>
          <div className="card-row">
            <span className="card-key">From</span>
            <span className="card-support">
              {rubric.support.map((s) =>
                s.inCorpus ? (
                  <a key={s.rollout} className="mono" href={formatHash({ name: 'rollout', id: s.rollout, step: null })} data-testid="card-support-link">
                    {s.rollout}
                  </a>
                ) : (
                  <span key={s.rollout} className="mono muted" title="This source rollout is not in the corpus">
                    {s.rollout} (not in corpus)
                  </span>
                ),
              )}
            </span>
          </div>
          <div className="card-row" data-testid="card-labels">
            <span className="card-key">Labels</span>
            {rubric.labels.length === 0 ? (
              <span className="muted">none yet</span>
            ) : (
              <ul className="card-labels">
                {rubric.labels.map((label, i) => (
                  <li key={`${label.annotator}:${label.schema}:${label.at}:${i}`} title={label.note || undefined}>
                    <span className="muted">
                      {label.annotator} · {label.schema.replace(/_/g, ' ')}
                    </span>{' '}
                    <LabelValue schema={label.schema} value={label.value} />
                    {label.reasons.map((r) => (
                      <span key={r} className="reason-chip mono">
                        {r}
                      </span>
                    ))}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
    </div>
  );
}
