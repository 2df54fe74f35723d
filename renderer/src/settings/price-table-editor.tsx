import { useRef, useState, type KeyboardEvent } from 'react';
import type { ModelPriceRow } from '../../../common/model/model-types';
import type { CorpusTable } from '../../../common/corpus-tables';
import { useOperation } from '../api/use-operation';
import { useWrite, type Write } from '../api/use-write';
import { reportError } from '../app-state/app-store';
import { LoadingState } from '../components/loading-state';
import { ConfirmDialog, fieldErrorsOf, type FieldErrors } from '../runs';
import { TableScroll } from '../components/table-scroll';

/** What the price table shows and its saves and deletes change. */
const priceTables: readonly CorpusTable[] = ['model_prices'];

/** A model's four prices, in column order. */
const priceFields = [
  { key: 'inputPerMTok', label: 'Input' },
  { key: 'outputPerMTok', label: 'Output' },
  { key: 'cacheWritePerMTok', label: 'Cache write' },
  { key: 'cacheReadPerMTok', label: 'Cache read' },
] as const;
type PriceField = (typeof priceFields)[number]['key'];
/** The prices as typed, so a half-typed number stays as the user left it. */
type Draft = Record<PriceField, string>;

/** How an error names the column it is about. */
const fieldLabels: Record<string, string> = { model: 'Model', ...Object.fromEntries(priceFields.map((f) => [f.key, `${f.label} $/MTok`])) };

function draftOf(row: ModelPriceRow | null): Draft {
  return Object.fromEntries(priceFields.map(({ key }) => [key, row ? String(row[key]) : ''])) as Draft;
}

/**
 * Saves a draft; resolves to the messages by field, or null once saved. The backend judges
 * every value; only a blank is caught here, since the request has no way to say "no number".
 */
async function saveDraft(save: Write<'prices.save'>, model: string, draft: Draft): Promise<FieldErrors | null> {
  const blank = priceFields.filter(({ key }) => draft[key].trim() === '');
  if (blank.length > 0) return Object.fromEntries(blank.map(({ key }) => [key, 'enter a number (0 if free)']));
  const prices = Object.fromEntries(priceFields.map(({ key }) => [key, Number(draft[key])])) as Record<PriceField, number>;
  try {
    await save.run({ model, ...prices });
    return null;
  } catch (err) {
    return fieldErrorsOf(err);
  }
}

/** Enter in a field saves the row and Escape reverts it; buttons keep their own keys. */
function rowKeys(onEnter: () => void, onEscape: () => void) {
  return (event: KeyboardEvent) => {
    if (!(event.target instanceof HTMLInputElement)) return;
    if (event.key === 'Enter') onEnter();
    else if (event.key === 'Escape') onEscape();
    else return;
    event.preventDefault();
  };
}

function PriceInputs({ model, draft, errors, onChange }: { model: string; draft: Draft; errors: FieldErrors; onChange(draft: Draft): void }) {
  return priceFields.map(({ key, label }) => (
    <td key={key} className="numeric">
      <input
        type="number"
        min={0}
        step="any"
        inputMode="decimal"
        name={key}
        className="price-input"
        aria-label={model ? `${label} $/MTok of ${model}` : `${label} $/MTok`}
        aria-invalid={errors[key] ? true : undefined}
        value={draft[key]}
        onChange={(e) => onChange({ ...draft, [key]: e.target.value })}
      />
    </td>
  ));
}

function ErrorLine({ errors }: { errors: FieldErrors }) {
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  return (
    <tr className="price-error-row">
      <td colSpan={7} role="alert" data-testid="price-error">
        {entries.map(([field, message]) => (field === '' ? message : `${fieldLabels[field] ?? field}: ${message}`)).join('; ')}
      </td>
    </tr>
  );
}

function PriceRow({ row, onDelete }: { row: ModelPriceRow; onDelete(): void }) {
  const [draft, setDraft] = useState(() => draftOf(row));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [stamp, setStamp] = useState(row.updatedAt);
  const save = useWrite('prices.save', priceTables);
  // Every save (here or in another window) stamps the row anew: start again from what is stored.
  if (stamp !== row.updatedAt) {
    setStamp(row.updatedAt);
    setDraft(draftOf(row));
    setErrors({});
  }
  const dirty = priceFields.some(({ key }) => draft[key] !== String(row[key]));
  const revert = () => {
    setDraft(draftOf(row));
    setErrors({});
  };
  const submit = async () => setErrors((await saveDraft(save, row.model, draft)) ?? {});

  return (
    <>
      <tr
        className={dirty ? 'price-row dirty' : 'price-row'}
        data-testid="price-row"
        data-model={row.model}
        onKeyDown={rowKeys(() => {
          if (dirty) void submit();
        }, revert)}
      >
        <td className="mono">{row.model}</td>
        <PriceInputs model={row.model} draft={draft} errors={errors} onChange={setDraft} />
        <td className="muted nowrap" title={row.updatedAt}>
          {row.updatedAt.slice(0, 10)}
        </td>
        <td className="price-actions">
          <button
            type="button"
            className="button button-small button-primary price-edit-button"
            disabled={!dirty}
            onClick={() => void submit()}
            data-testid="price-save"
          >
            Save
          </button>
          <button type="button" className="button button-small price-edit-button" disabled={!dirty} onClick={revert} data-testid="price-revert">
            Revert
          </button>
          <button type="button" className="link-button danger-link" onClick={onDelete} data-testid="price-delete">
            Delete
          </button>
        </td>
      </tr>
      <ErrorLine errors={errors} />
    </>
  );
}

function AddPriceRow({ known }: { known: ModelPriceRow[] }) {
  const [model, setModel] = useState('');
  const [draft, setDraft] = useState(() => draftOf(null));
  const [errors, setErrors] = useState<FieldErrors>({});
  const modelInput = useRef<HTMLInputElement>(null);
  const save = useWrite('prices.save', priceTables);
  // prices.save is an upsert: say so before an "add" replaces a model's prices.
  const replaces = known.some((p) => p.model === model.trim());
  const clear = () => {
    setModel('');
    setDraft(draftOf(null));
    setErrors({});
  };
  const submit = async () => {
    const refused = await saveDraft(save, model, draft);
    if (refused) return setErrors(refused);
    clear();
    modelInput.current?.focus();
  };

  return (
    <>
      <tr className="price-add-row" data-testid="price-add-row" onKeyDown={rowKeys(() => void submit(), clear)}>
        <td>
          <input
            ref={modelInput}
            name="model"
            className="price-input price-model-input mono"
            placeholder="claude-…"
            aria-label="Model id"
            aria-invalid={errors.model ? true : undefined}
            spellCheck={false}
            autoComplete="off"
            value={model}
            onChange={(e) => setModel(e.target.value)}
          />
        </td>
        <PriceInputs model="" draft={draft} errors={errors} onChange={setDraft} />
        <td className="muted">{replaces && 'replaces its prices'}</td>
        <td className="price-actions">
          <button type="button" className="button button-small" onClick={() => void submit()} data-testid="price-add">
            Add model
          </button>
        </td>
      </tr>
      <ErrorLine errors={errors} />
    </>
  );
}

/** The price table of Settings: dollars per million tokens by model, edited in place. */
export function PriceTableEditor() {
  const listed = useOperation('prices.list', {}, { tables: priceTables, onError: reportError });
  const prices = listed.data;
  const remove = useWrite('prices.delete', priceTables);
  const [deleting, setDeleting] = useState<string | null>(null);

  return (
    <section className="settings-section" aria-labelledby="prices-title">
      <h2 id="prices-title">Model prices</h2>
      <p className="muted">
        US dollars per million tokens, for runs started after a change: requests already answered keep the cost they were recorded with, and a model with no
        price shows as unknown cost (the ledger still counts its requests).
      </p>
      {prices === null ? (
        <LoadingState label="Loading prices…" />
      ) : (
        <TableScroll label="Model prices">
          <table className="plain-table price-table" data-testid="price-table">
            <thead>
              <tr>
                <th>Model</th>
                {priceFields.map(({ key, label }) => (
                  <th key={key} className="numeric">
                    <span className="nowrap">{label}</span> $/MTok
                  </th>
                ))}
                <th>Updated</th>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {prices.map((row) => (
                <PriceRow key={row.model} row={row} onDelete={() => setDeleting(row.model)} />
              ))}
              <AddPriceRow known={prices} />
            </tbody>
          </table>
        </TableScroll>
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete the prices of ${deleting}?`}
          testId="price-delete-dialog"
          confirmLabel="Delete prices"
          cancelLabel="Keep them"
          onClose={() => setDeleting(null)}
          onConfirm={() => {
            // A failed delete most likely found the model gone already (another window, the CLI): show the table as it is.
            remove.run({ model: deleting }).catch((err: unknown) => {
              reportError(err);
              listed.refetch();
            });
            setDeleting(null);
          }}
        >
          <p>
            Requests already answered keep their cost. Later requests of <span className="mono">{deleting}</span> show as unknown cost until it has prices
            again.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
