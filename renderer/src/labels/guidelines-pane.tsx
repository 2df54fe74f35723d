import { useState } from 'react';
import type { LabelOption, LabelSchema } from '../../../common/labels/label-schema';
import type { QueueItem } from '../../../common/labels/labels';
import { MarkdownText } from './markdown-text';
import type { LabelKeyState } from './use-label-keys';

/** The option a guideline is shown for: the one being typed, else the annotator's label, else none. */
function focusedOption(schema: LabelSchema, item: QueueItem | null, keys: LabelKeyState, peeked: LabelOption | null): LabelOption | null {
  const typed = keys.digits === '' ? undefined : schema.options[Number(keys.digits) - 1];
  const labelled = typeof item?.mine?.value === 'string' ? schema.options.find((o) => o.value === item.mine!.value) : undefined;
  return typed ?? peeked ?? labelled ?? null;
}

/**
 * Guidelines beside the item: the schema's own, the keys with every option (number keys in
 * order) and reason (its letter), and the guideline of the option in focus: the one being
 * typed, the one clicked in the list (reading never labels), else the annotator's label.
 */
export function GuidelinesPane({
  schema,
  item,
  keys,
  queueKeys = true,
}: {
  schema: LabelSchema;
  item: QueueItem | null;
  keys: LabelKeyState;
  queueKeys?: boolean;
}) {
  const def = schema.definition;
  const [peeked, setPeeked] = useState<LabelOption | null>(null);
  const focused = focusedOption(schema, item, keys, peeked);
  const letterFor = (value: string) => (value === 'accept' ? 'a' : value === 'reject' ? 'r' : null);
  return (
    <aside className="guidelines-pane" data-testid="guidelines-pane" aria-label="Guidelines" tabIndex={0}>
      <h2>{def.title}</h2>
      {def.guideline && <MarkdownText text={def.guideline} />}
      <ol className="option-keys" data-testid="option-keys">
        {schema.options.map((o, i) => (
          <li key={o.value} className={focused?.value === o.value ? 'focused' : undefined} onClick={() => setPeeked(peeked?.value === o.value ? null : o)}>
            <kbd>{i + 1}</kbd>
            {letterFor(o.value) && <kbd>{letterFor(o.value)}</kbd>}
            <span className="mono">{o.value}</span> <span className="option-label">{o.label}</span>
          </li>
        ))}
      </ol>
      {def.reasons.length > 0 && (
        <>
          <h3>Reasons</h3>
          <ul className="option-keys reasons" data-testid="reason-keys">
            {def.reasons.map((r) => (
              <li key={r.code} className={keys.reasons.includes(r.code) ? 'focused' : undefined}>
                <kbd>{r.key}</kbd> <span className="option-label">{r.label}</span>
                {r.guideline && <span className="muted"> — {r.guideline}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
      {focused?.guideline && (
        <section className="focused-guideline" data-testid="focused-guideline">
          <h3>
            <span className="mono">{focused.value}</span> · {focused.label}
          </h3>
          <MarkdownText text={focused.guideline} />
        </section>
      )}
      <p className="key-hint">
        <kbd>j</kbd>/<kbd>k</kbd> move · <kbd>u</kbd> undo
        {queueKeys && (
          <>
            {' '}
            · <kbd>s</kbd> skip · <kbd>f</kbd> flag · <kbd>g</kbd> next open
          </>
        )}{' '}
        · <kbd>?</kbd> all keys
      </p>
    </aside>
  );
}
