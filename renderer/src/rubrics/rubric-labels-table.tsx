import type { RubricLabel } from '../../../common/rubrics/rubric-types';
import { formatLabelDate } from './label-date';
import { LabelValue } from './label-value';

/** Every human label on a rubric: who, under which schema, what they said and why. */
export function RubricLabelsTable({ labels }: { labels: RubricLabel[] }) {
  return (
    <section className="rubric-section" aria-labelledby="rubric-labels-title">
      <h2 id="rubric-labels-title">
        Labels <span className="muted">· {labels.length}</span>
      </h2>
      {labels.length === 0 ? (
        <p className="muted">No annotator has labelled this rubric yet.</p>
      ) : (
        <table className="plain-table" data-testid="rubric-labels">
          <thead>
            <tr>
              <th>Annotator</th>
              <th>Schema</th>
              <th>Value</th>
              <th>Reasons</th>
              <th>Note</th>
              <th>Date</th>
            </tr>
          </thead>
          <tbody>
            {labels.map((label, i) => (
              <tr key={`${label.annotator}:${label.schema}:${label.at}:${i}`} data-testid="label-row">
                <td>{label.annotator}</td>
                <td className="mono">{label.schema}</td>
                <td>
                  <LabelValue schema={label.schema} value={label.value} />
                </td>
                <td>
                  {label.reasons.length === 0 ? (
                    <span className="muted">—</span>
                  ) : (
                    label.reasons.map((r) => (
                      <span key={r} className="reason-chip mono">
                        {r}
                      </span>
                    ))
                  )}
                </td>
                <td className="label-note">{label.note || <span className="muted">—</span>}</td>
                <td className="nowrap muted">{formatLabelDate(label.at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
