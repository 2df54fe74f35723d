import type { RefObject } from 'react';
import type { LabelSchema } from '../../../common/labels/label-schema';
import type { QueueItem } from '../../../common/labels/labels';
import { formatHash } from '../router/route';
import { CategoryBadge, RubricText } from '../rubrics';
import { useLabelQueueStore } from './label-queue-store';
import { LabelChoice } from './label-choice';
import { targetKey } from './queue-logic';
import type { LabelKeyState } from './use-label-keys';

interface Props {
  schema: LabelSchema;
  item: QueueItem;
  position: number;
  total: number;
  keys: LabelKeyState;
  noteRef: RefObject<HTMLInputElement | null>;
}

/**
 * The item on screen: the rubric's lesson (and, for an applicability review, the program it is
 * judged on), then the annotator's label as saved, on its way, or failed, with what the keys
 * have typed so far and the note that goes with the next label.
 */
export function QueueItemCard({ schema, item, position, total, keys, noteRef }: Props) {
  const key = targetKey(item.target);
  const pending = useLabelQueueStore((s) => s.pending[key]);
  const failed = useLabelQueueStore((s) => s.failed[key]);
  const note = useLabelQueueStore((s) => s.note);
  const setNote = useLabelQueueStore((s) => s.setNote);
  const blind = useLabelQueueStore((s) => s.request?.blind ?? true);
  const rubric = item.rubric;
  // The miner's category would anchor a category label as much as another auditor's would.
  const hideCategory = blind && schema.definition.value.kind === 'taxonomy' && item.mine === null;

  return (
    <article className="queue-item" data-testid="queue-item" data-target-id={item.target.id} data-position={position} tabIndex={0}>
      <header className="queue-item-head">
        <span className="muted">
          {position + 1} / {total}
        </span>
        {rubric && (
          <a className="mono" href={formatHash({ name: 'rubric', id: rubric.id })} tabIndex={-1}>
            {rubric.id}
          </a>
        )}
        {rubric && !hideCategory && <CategoryBadge code={rubric.category} withName />}
        {rubric && <span className={`badge family-${rubric.family}`}>{rubric.family}</span>}
        {item.flagged && <span className="badge badge-warn">flagged</span>}
        {item.mine?.needsReview && (
          <span
            className="badge badge-warn"
            data-testid="needs-review"
            title="A category this label names was split or merged since; the label stays as it was made"
          >
            needs review: taxonomy {item.mine.taxonomyVersion ?? ''} category changed
          </span>
        )}
        {item.skipped && item.mine === null && <span className="badge badge-neutral">skipped</span>}
      </header>
      <h2 data-testid="queue-item-title">{rubric?.title ?? item.target.id}</h2>
      {item.program && (
        <p className="queue-program">
          Judged on{' '}
          <a href={formatHash({ name: 'rollout', id: item.program.rollout, step: null })} className="mono">
            {item.program.rollout}
          </a>{' '}
          <span className="mono">
            {item.program.path} v{item.program.version}
          </span>
        </p>
      )}
      {rubric && (
        <dl className="lesson">
          <dt>Applies when</dt>
          <dd>
            <RubricText text={rubric.appliesWhen} />
          </dd>
          <dt>Pattern</dt>
          <dd>
            <RubricText text={rubric.pattern} />
          </dd>
          {rubric.fix && (
            <>
              <dt>Fix</dt>
              <dd>
                <RubricText text={rubric.fix} />
              </dd>
            </>
          )}
        </dl>
      )}
      <LabelChoice schema={schema} mine={item.mine} pending={pending} failed={failed ?? null} keys={keys} />
      <label className="queue-note">
        <span className="facet-label">
          Note <kbd>n</kbd>
        </span>
        <input
          ref={noteRef}
          className="text-input"
          data-testid="label-note"
          value={note}
          placeholder="Goes with the next label (Enter or Esc to return to the keys)"
          onChange={(e) => setNote(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === 'Escape') {
              e.preventDefault();
              e.currentTarget.blur();
            }
          }}
        />
      </label>
    </article>
  );
}
