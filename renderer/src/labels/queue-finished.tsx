import { useState } from 'react';
import type { LabelQueue, LabelTargetSet } from '../../../common/labels/labels';
import { api } from '../api/bridge';
import { useQueueLibraries } from './use-label-schemas';
import { useLabelQueueStore } from './label-queue-store';
import { queueSummary } from './queue-logic';
import { optionValueOf, targetSetOptions, type TargetSetOption } from './target-set-options';

interface Props {
  queue: LabelQueue;
  /** Opens another item set of the same schema. */
  openSet(set: LabelTargetSet): void;
}

/**
 * The end of a queue: what the annotator did to its items, and where to go next. The next
 * unlabelled set is looked up only when asked for, one queue at a time in the toolbar's order,
 * since each look is a whole queue read.
 */
export function QueueFinished({ queue, openSet }: Props) {
  const pending = useLabelQueueStore((s) => s.pending);
  const libraries = useQueueLibraries().data ?? [];
  const [search, setSearch] = useState<{ state: 'looking' } | { state: 'none' } | { state: 'failed'; message: string } | null>(null);
  const { labelled, skipped, flagged } = queueSummary(queue.items, pending);
  const total = queue.items.length;

  async function nextUnlabelledSet(): Promise<void> {
    setSearch({ state: 'looking' });
    try {
      const found = await firstOpenSet(queue, targetSetOptions(libraries));
      if (found) openSet(found.set);
      else setSearch({ state: 'none' });
    } catch (err) {
      setSearch({ state: 'failed', message: err instanceof Error ? err.message : String(err) });
    }
  }

  return (
    <section className="queue-finished" data-testid="queue-finished" aria-labelledby="queue-finished-title">
      <h2 id="queue-finished-title">This queue is finished</h2>
      <p data-testid="queue-finished-summary">
        {labelled} of {total} items have your label
        {skipped > 0 && `, ${skipped} skipped without one`}
        {flagged > 0 && `, ${flagged} flagged for another look`}.
      </p>
      <p className="muted">
        Number keys do nothing here, so no label is changed by accident: <kbd>j</kbd> / <kbd>k</kbd> open an item again to change its label.
      </p>
      <div className="queue-finished-actions">
        <button
          type="button"
          className="button-primary"
          data-testid="next-unlabelled-set"
          disabled={search?.state === 'looking'}
          onClick={() => void nextUnlabelledSet()}
        >
          {search?.state === 'looking' ? 'Looking for a set…' : 'Next unlabelled set'}
        </button>
        {search?.state === 'none' && <span data-testid="no-unlabelled-set">Every other item set already has your label on each item.</span>}
        {search?.state === 'failed' && <span className="form-error">Could not look for a set: {search.message}</span>}
      </div>
    </section>
  );
}

/** The first item set after the queue's own (in the toolbar's order, going round) with an item the annotator has neither labelled nor skipped. */
async function firstOpenSet(queue: LabelQueue, options: readonly TargetSetOption[]): Promise<TargetSetOption | null> {
  const at = options.findIndex((o) => o.value === optionValueOf(queue.targetSet));
  for (let step = 1; step < options.length + (at === -1 ? 1 : 0); step++) {
    const option = options[(at + step + options.length) % options.length]!;
    const other = await api('labels.queue', { schema: queue.schema.name, annotator: queue.annotator, targetSet: option.set, blind: queue.blind });
    if (other.items.some((item) => item.mine === null && !item.skipped)) return option;
  }
  return null;
}
