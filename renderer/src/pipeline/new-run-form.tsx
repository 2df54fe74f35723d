import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toErrorData } from '../../../common/errors';
import { useCommands } from '../commands/use-commands';
import { formatCount } from '../lib/format';
import { useLibraryStore } from '../libraries';
import { usePipelineStore } from './pipeline-store';
import { draftErrors, draftRequest, emptyDraft, usesModel, type NewRunDraft, type NewRunErrors, type NewRunKind } from './new-run-request';
import { FilteredCutPreview } from './filtered-cut-preview';
import { NewRunKindPicker } from './new-run-kind';
import { modelBlocked, NoKeyReason } from './no-key-reason';
import { RunFormField } from './run-form-field';

type Outcome = { ok: true; run: string } | { ok: false; message: string };

const startLabel: Record<NewRunKind, string> = { mine: 'Start mining', quota: 'Start Quota curation', filtered: 'Start Filtered cut' };

const collectionHint: Record<NewRunKind, string> = {
  mine: 'its rollouts with a failure, on mining benchmarks',
  quota: 'its failure mix sets the quotas',
  filtered: 'its failure mix is what the library is cut to',
};

/**
 * Starts a mining or curation run (`wait: false`): the new run shows in the run table at once
 * and its progress follows the job's events. Fields are checked as they are typed; a model run
 * is off, with the reason, while there is no key in live mode. Enter anywhere submits.
 */
export function NewRunForm() {
  const status = usePipelineStore((s) => s.status);
  const pools = useLibraryStore((s) => s.pools);
  const libraries = useLibraryStore((s) => s.libraries);
  const [draft, setDraft] = useState<NewRunDraft>(() => emptyDraft('mine'));
  // Empty fields are only called missing once a start was tried.
  const [attempted, setAttempted] = useState(false);
  const [starting, setStarting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    void useLibraryStore.getState().load();
  }, []);

  const blocked = modelBlocked(status);
  // Without a key the form falls back to the one kind that can run, and returns once a key is set.
  const kind: NewRunKind = blocked && usesModel(draft.kind) ? 'filtered' : draft.kind;
  const current = { ...draft, kind };
  const errors = draftErrors(current);
  const shown: NewRunErrors = {};
  for (const [field, message] of Object.entries(errors) as [keyof NewRunErrors, string][]) {
    if (attempted || (field !== 'from' && current[field].trim() !== '')) shown[field] = message;
  }

  const edit = (change: Partial<NewRunDraft>) => {
    setDraft((d) => ({ ...d, ...change }));
    setOutcome(null);
  };
  useCommands([
    ...(['mine', 'quota', 'filtered'] as const).map((k) => ({
      id: `pipeline.new-${k}`,
      group: 'Pipeline',
      title: `New run: ${startLabel[k].replace(/^Start /, '')}`,
      when: () => !starting && !(blocked && usesModel(k)),
      run: () => edit({ kind: k }),
    })),
    { id: 'pipeline.start', group: 'Pipeline', title: startLabel[kind], when: () => !starting, run: () => form.current?.requestSubmit() },
  ]);
  const invalid = (field: keyof NewRunErrors) => ({ 'aria-invalid': shown[field] !== undefined, 'aria-describedby': `new-run-${field}-note` });

  async function onSubmit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (starting) return;
    if (Object.keys(errors).length > 0) {
      setAttempted(true);
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setStarting(true);
    setOutcome(null);
    try {
      const started = await usePipelineStore.getState().start(draftRequest(current, `pipeline-${crypto.randomUUID()}`));
      setOutcome({ ok: true, run: started.run.id });
      setAttempted(false);
    } catch (err) {
      setOutcome({ ok: false, message: toErrorData(err).message });
    } finally {
      setStarting(false);
    }
  }

  const model = usesModel(kind);
  return (
    <section className="new-run-panel" aria-labelledby="new-run-title">
      <header className="section-head">
        <h2 id="new-run-title">Start a run</h2>
      </header>
      <form ref={form} className="new-run-form" data-testid="new-run-form" data-kind={kind} noValidate onSubmit={(e) => void onSubmit(e)}>
        <NewRunKindPicker value={kind} modelBlocked={blocked} disabled={starting} onChange={(k) => edit({ kind: k })} />
        {blocked && <NoKeyReason id="new-run-model-reason" what="Mining and Quota curation call" testId="new-run-model-reason" />}
        <div className="run-fields">
          {kind === 'filtered' && (
            <RunFormField id="new-run-from" label="From library" error={shown.from} hint="the library to cut">
              <select id="new-run-from" data-testid="new-run-from" value={draft.from} onChange={(e) => edit({ from: e.target.value })} {...invalid('from')}>
                <option value="">Choose a library…</option>
                {(libraries ?? []).map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name} ({formatCount(l.size)})
                  </option>
                ))}
              </select>
            </RunFormField>
          )}
          <RunFormField id="new-run-collection" label="Collection" hint={collectionHint[kind]}>
            <select
              id="new-run-collection"
              data-testid="new-run-collection"
              value={draft.collection}
              onChange={(e) => edit({ collection: e.target.value })}
              aria-describedby="new-run-collection-note"
            >
              <option value="">All collections</option>
              {(pools ?? []).map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label} ({formatCount(p.count)})
                </option>
              ))}
            </select>
          </RunFormField>
          {kind === 'mine' && (
            <RunFormField id="new-run-maxPerRollout" label="Rubrics per rollout" error={shown.maxPerRollout} hint="at most, 1–20">
              <input
                id="new-run-maxPerRollout"
                className="cap-input"
                inputMode="numeric"
                data-testid="new-run-max-per-rollout"
                value={draft.maxPerRollout}
                onChange={(e) => edit({ maxPerRollout: e.target.value })}
                {...invalid('maxPerRollout')}
              />
            </RunFormField>
          )}
          {kind !== 'mine' && (
            <RunFormField
              id="new-run-targetSize"
              label="Target size"
              error={shown.targetSize}
              hint={
                kind === 'quota'
                  ? 'rubrics in the library'
                  : 'empty: the largest size at which no category the library has falls short (one it lacks stays empty)'
              }
            >
              <input
                id="new-run-targetSize"
                className="cap-input"
                inputMode="numeric"
                data-testid="new-run-target-size"
                value={draft.targetSize}
                onChange={(e) => edit({ targetSize: e.target.value })}
                {...invalid('targetSize')}
              />
            </RunFormField>
          )}
        </div>
        {kind === 'filtered' && <FilteredCutPreview from={draft.from} collection={draft.collection} targetSize={draft.targetSize} />}
        {model && (
          <div className="run-fields" data-testid="new-run-model-fields">
            <RunFormField id="new-run-model" label="Model" error={shown.model} hint="costs need its price in Settings">
              <input
                id="new-run-model"
                className="text-input mono model-input"
                data-testid="new-run-model"
                value={draft.model}
                onChange={(e) => edit({ model: e.target.value })}
                spellCheck={false}
                {...invalid('model')}
              />
            </RunFormField>
            <RunFormField id="new-run-maxUsd" label="Max dollars" error={shown.maxUsd} hint="empty: no limit">
              <input
                id="new-run-maxUsd"
                className="cap-input"
                inputMode="decimal"
                placeholder="$"
                data-testid="new-run-max-usd"
                value={draft.maxUsd}
                onChange={(e) => edit({ maxUsd: e.target.value })}
                {...invalid('maxUsd')}
              />
            </RunFormField>
            <RunFormField id="new-run-maxRequests" label="Max requests" error={shown.maxRequests} hint="empty: no limit">
              <input
                id="new-run-maxRequests"
                className="cap-input"
                inputMode="numeric"
                data-testid="new-run-max-requests"
                value={draft.maxRequests}
                onChange={(e) => edit({ maxRequests: e.target.value })}
                {...invalid('maxRequests')}
              />
            </RunFormField>
          </div>
        )}
        <div className="new-run-actions">
          <button type="submit" className="button button-primary" data-testid="new-run-start" disabled={starting}>
            {starting ? 'Starting…' : startLabel[kind]}
          </button>
          {outcome?.ok === true && (
            <span className="muted" role="status" data-testid="new-run-started" data-run-id={outcome.run}>
              Started <span className="mono">{outcome.run}</span>: its progress is in the run table below.
            </span>
          )}
          {outcome?.ok === false && (
            <span className="field-error" role="alert" data-testid="new-run-error">
              {outcome.message}
            </span>
          )}
        </div>
      </form>
    </section>
  );
}
