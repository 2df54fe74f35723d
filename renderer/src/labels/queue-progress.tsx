import type { LabelQueue } from '../../../common/labels/labels';
import { useLabelQueueStore } from './label-queue-store';
import { doneCount } from './queue-logic';

/**
 * Progress through the queue: the annotator's own (labels on their way count), each other
 * annotator's, how many items reached the schema's overlap target, what was saved here, and
 * how many labels made here are not stored yet (they are being sent again until they are).
 */
export function QueueProgress({ queue }: { queue: LabelQueue }) {
  const pending = useLabelQueueStore((s) => s.pending);
  const saved = useLabelQueueStore((s) => s.saved);
  const lastSaved = useLabelQueueStore((s) => s.lastSaved);
  const notice = useLabelQueueStore((s) => s.notice);
  const unsaved = useLabelQueueStore((s) => s.unsaved);
  const retrying = useLabelQueueStore((s) => s.retrying);
  const total = queue.items.length;
  const mine = doneCount(queue.items, pending);
  const inFlight = Object.keys(pending).length;
  const others = queue.progress.filter((p) => p.annotator !== queue.annotator);
  return (
    <div
      className="queue-progress"
      data-testid="queue-progress"
      data-done={mine}
      data-total={total}
      data-saved={saved}
      data-in-flight={inFlight}
      data-unsaved={unsaved}
    >
      <div className="progress-track" role="progressbar" aria-valuemin={0} aria-valuemax={total} aria-valuenow={mine} aria-label="Your progress">
        <div className="progress-fill" style={{ width: total ? `${(100 * mine) / total}%` : 0 }} />
      </div>
      <span>
        <strong data-testid="progress-mine">
          {mine} / {total}
        </strong>{' '}
        by you
      </span>
      {others.map((p) => (
        <span key={p.annotator} className="muted">
          {p.annotator} {p.done}
        </span>
      ))}
      <span className="muted" title="Items with at least the schema's overlap target of annotators">
        {queue.atOverlapTarget} at overlap {queue.schema.definition.overlapTarget}
      </span>
      <span className="queue-saved" data-testid="queue-saved" aria-live="polite">
        {inFlight > 0 ? `saving ${inFlight}…` : lastSaved ? `✓ ${saved} saved here` : ''}
      </span>
      {unsaved > 0 && (
        <span className="queue-unsaved" data-testid="queue-unsaved" title={retrying ?? undefined}>
          unsaved: {unsaved}
          {retrying !== null && ' (sending again)'}
        </span>
      )}
      {notice && <span className="queue-notice">{notice}</span>}
    </div>
  );
}
