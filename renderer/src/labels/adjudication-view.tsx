import { useState } from 'react';
import type { CorpusTable } from '../../../common/corpus-tables';
import type { LabelSchema } from '../../../common/labels/label-schema';
import { useOperation } from '../api/use-operation';
import { useWrite } from '../api/use-write';
import { rubricViewTables } from '../api/view-tables';
import { LoadingState } from '../components/loading-state';
import { formatHash } from '../router/route';
import { LabelValue, RubricLesson } from '../rubrics';
import { reportError } from '../app-state/app-store';
import { AdjudicationEvidence } from './adjudication-evidence';
import { GuidelinesPane } from './guidelines-pane';
import { useLabelKeys } from './use-label-keys';
import { TableScroll } from '../components/table-scroll';

/**
 * The adjudication queue: items whose annotators disagree. The same keys as the queue record
 * the adjudicated value as a label of its own (`adjudication: true`) in the adjudicator's
 * name; the annotators' labels stay as they are, and `u` undoes the last adjudication.
 */
/** What the disagreements are made of, and what an adjudication and its undo write. */
const labelTables: readonly CorpusTable[] = ['labels'];

export function AdjudicationView({ schema, annotator }: { schema: LabelSchema; annotator: string }) {
  const disagreements = useOperation('labels.disagreements', { schema: schema.name }, { tables: labelTables, onError: reportError });
  const items = disagreements.data;
  const adjudicate = useWrite('labels.add', labelTables);
  const undo = useWrite('labels.undo', labelTables);
  const [index, setIndex] = useState(0);

  const count = items?.length ?? 0;
  const item = items?.[Math.min(index, count - 1)] ?? null;
  const rubricId = item?.target.kind === 'rubric' ? item.target.id : null;
  const { data: rubric } = useOperation('rubrics.get', rubricId === null ? null : { id: rubricId }, { tables: rubricViewTables });
  const keys = useLabelKeys(items ? schema : null, 'Adjudication', {
    pick: (value, reasons) => {
      if (!item) return;
      // On to the next item nobody has adjudicated yet, after this one (the only item this write changes).
      const open = (items ?? []).findIndex((d, i) => i > index && d.adjudicated === null);
      adjudicate
        .run({ annotator, schema: schema.name, target: item.target, value, reasons, adjudication: true })
        .then(() => setIndex(open === -1 ? index : open), reportError);
    },
    move: (delta) => setIndex((i) => Math.max(0, Math.min(count - 1, i + delta))),
    undo: () =>
      undo.run({ annotator, schema: schema.name, adjudication: true }).catch((err: unknown) => {
        reportError(err);
        disagreements.refetch();
      }),
  });

  if (!items) return <LoadingState label="Finding disagreements…" />;
  if (items.length === 0) return <div className="empty-state">No disagreements under this schema: every item with two or more annotators has one value.</div>;
  const resolved = items.filter((d) => d.adjudicated !== null).length;
  return (
    <div className="adjudication-view" data-testid="adjudication-view">
      <ol className="adjudication-list" aria-label="Disagreements">
        <li className="muted adjudication-count" data-testid="adjudication-count" data-resolved={resolved} data-total={items.length}>
          {resolved} of {items.length} adjudicated
        </li>
        {items.map((d, i) => (
          <li
            key={d.target.id}
            className={i === index ? 'queue-row current' : 'queue-row'}
            data-testid="disagreement-row"
            data-target-id={d.target.id}
            onClick={() => setIndex(i)}
          >
            <span className="queue-title" title={d.title ?? d.target.id}>
              {d.title ?? d.target.id}
            </span>
            <span className="queue-state done">{d.adjudicated ? String(d.adjudicated.value) : ''}</span>
          </li>
        ))}
      </ol>
      {item && (
        <article className="queue-item" data-testid="disagreement" data-target-id={item.target.id} tabIndex={0}>
          <header className="queue-item-head">
            <span className="muted">
              {index + 1} / {items.length}
            </span>
            {item.target.kind === 'rubric' && (
              <a className="mono" href={formatHash({ name: 'rubric', id: item.target.id })} tabIndex={-1}>
                {item.target.id}
              </a>
            )}
          </header>
          <h2>{item.title ?? item.target.id}</h2>
          {item.labels.some((l) => l.annotator === annotator) && (
            <p className="self-adjudication" role="note" data-testid="self-adjudication">
              You labelled this item yourself (as {annotator}): you are resolving a disagreement you are part of. Another adjudicator keeps the decision
              independent.
            </p>
          )}
          {rubric && <RubricLesson rubric={rubric} />}
          <TableScroll label="Labels on this item">
            <table className="plain-table adjudication-labels">
              <thead>
                <tr>
                  <th>Annotator</th>
                  <th>Label</th>
                  <th>Note</th>
                </tr>
              </thead>
              <tbody>
                {item.labels.map((l) => (
                  <tr key={l.id}>
                    <td>{l.annotator}</td>
                    <td>
                      <LabelValue schema={schema.name} value={l.value} />{' '}
                      {l.reasons.map((r) => (
                        <span key={r} className="reason-chip mono">
                          {r}
                        </span>
                      ))}
                    </td>
                    <td className="label-note">{l.note || <span className="muted">—</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <p className="label-choice-row" data-testid="adjudicated">
            <span className="facet-label">Adjudicated</span>{' '}
            {item.adjudicated ? (
              <>
                <LabelValue schema={schema.name} value={item.adjudicated.value} /> <span className="muted">by {item.adjudicated.annotator}</span>
              </>
            ) : (
              <span className="muted">not yet: pick the value with the queue's keys</span>
            )}
          </p>
          <AdjudicationEvidence key={item.target.id} target={item.target} schema={schema.name} annotator={annotator} />
        </article>
      )}
      <GuidelinesPane schema={schema} item={null} keys={keys} queueKeys={false} />
    </div>
  );
}
