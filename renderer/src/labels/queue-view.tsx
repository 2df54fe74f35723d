import { useEffect, useRef } from 'react';
import type { LabelSchema } from '../../../common/labels/label-schema';
import type { LabelTargetSet } from '../../../common/labels/labels';
import { LoadingState } from '../components/loading-state';
import { useLabelQueueStore } from './label-queue-store';
import { EvidencePane } from './evidence-pane';
import { GuidelinesPane } from './guidelines-pane';
import { QueueFinished } from './queue-finished';
import { QueueItemCard } from './queue-item-card';
import { QueueList } from './queue-list';
import { nextOpenIndex } from './queue-logic';
import { QueueProgress } from './queue-progress';
import { useLabelKeys } from './use-label-keys';

interface Props {
  schema: LabelSchema;
  annotator: string;
  targetSet: LabelTargetSet;
  blind: boolean;
  /** Opens another item set, from the finished queue's summary. */
  openSet(set: LabelTargetSet): void;
}

/** The queue: items | the item with its evidence | guidelines, driven by the keyboard alone. */
export function QueueView({ schema, annotator, targetSet, blind, openSet }: Props) {
  const queue = useLabelQueueStore((s) => s.queue);
  const index = useLabelQueueStore((s) => s.index);
  const finished = useLabelQueueStore((s) => s.finished);
  const noteRef = useRef<HTMLInputElement>(null);
  const setKey = JSON.stringify(targetSet);

  const queueable = schema.definition.value.kind !== 'scopes';
  useEffect(() => {
    // A run-audit schema has no queue: asking for one would only put a refusal on screen.
    if (!queueable) return;
    void useLabelQueueStore.getState().open({ schema: schema.name, annotator, targetSet: JSON.parse(setKey) as LabelTargetSet, blind });
  }, [schema.name, annotator, setKey, blind, queueable]);

  const store = useLabelQueueStore.getState;
  const keys = useLabelKeys(queue && queue.schema.name === schema.name ? schema : null, 'Label queue', {
    pick: (value, reasons) => store().label(value, reasons),
    move: (delta) => store().goTo(store().index + delta),
    undo: () => store().undo(),
    skip: () => store().skip(),
    flag: () => store().toggleFlag(),
    nextOpen: () => {
      const { queue: q, index: at, pending } = store();
      if (!q) return;
      const next = nextOpenIndex(q.items, at, pending);
      if (next === null) useLabelQueueStore.setState({ notice: 'Every item of this set has your label or a skip.' });
      else store().goTo(next);
    },
    focusNote: () => noteRef.current?.focus(),
  });

  if (!queueable) {
    return (
      <div className="empty-state">
        {schema.definition.title} is filled in per rollout with its form, not worked through as a queue: <a href="#/labels/audit">Run audit</a>.
      </div>
    );
  }
  if (!queue || queue.schema.name !== schema.name) return <LoadingState label="Loading the queue…" />;
  const item = queue.items[index] ?? null;
  return (
    <div className="queue-view" data-testid="queue-view" data-schema={schema.name}>
      <QueueProgress queue={queue} />
      {queue.items.length === 0 ? (
        <div className="empty-state">No items: this set of rubrics is empty.</div>
      ) : (
        <div className="queue-body">
          <QueueList items={queue.items} index={index} />
          <div className="queue-center">
            {finished ? (
              <QueueFinished queue={queue} openSet={openSet} />
            ) : (
              item && (
                <>
                  <QueueItemCard schema={schema} item={item} position={index} total={queue.items.length} keys={keys} noteRef={noteRef} />
                  <EvidencePane key={item.target.id} target={item.target} schema={schema.name} />
                </>
              )
            )}
          </div>
          <GuidelinesPane schema={schema} item={item} keys={keys} />
        </div>
      )}
    </div>
  );
}
