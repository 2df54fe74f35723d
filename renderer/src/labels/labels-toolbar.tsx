import { useState, type ChangeEvent } from 'react';
import type { LabelSchema } from '../../../common/labels/label-schema';
import type { LabelTargetSet } from '../../../common/labels/labels';
import { navigate } from '../router/router';
import { useLabelSchemas, useQueueLibraries } from './use-label-schemas';
import { categoryFilterRefusal, useSettingsStore } from '../app-state/settings-store';
import { useTaxonomyStore } from '../rubrics';
import { LabelFileActions } from './label-file-actions';
import type { LabelsRoute } from '../router/label-route';
import { optionValueOf, targetSetOptions, withCategory } from './target-set-options';
import { useLabelToolbarCommands } from './use-label-toolbar-commands';

/** A chosen option hands the keyboard back to the queue at once: a focused select would eat the number keys. */
function chosen(event: ChangeEvent<HTMLSelectElement>): string {
  event.target.blur();
  return event.target.value;
}

/**
 * The Labels screens' controls: the views, the schema, the items (a library, every rubric, a
 * sample stratified by category, each optionally narrowed to one category), label files in and
 * out, blind mode, and who is labelling.
 */
export function LabelsToolbar({ route, schema, targetSet }: { route: LabelsRoute; schema: string; targetSet: LabelTargetSet }) {
  const schemas = useLabelSchemas().data ?? [];
  const libraries = useQueueLibraries().data ?? [];
  const categories = useTaxonomyStore((s) => s.taxonomy?.categories) ?? [];
  const settings = useSettingsStore((s) => s.settings);
  const save = useSettingsStore((s) => s.save);
  const options = targetSetOptions(libraries);
  const current = optionValueOf(targetSet);
  const category = targetSet.kind === 'filter' ? (targetSet.category ?? null) : null;
  const go = (change: Partial<LabelsRoute>) => navigate({ ...route, schema, targetSet, ...change });
  const blind = settings?.blind ?? true;
  const categoryRefusal = categoryFilterRefusal(settings);
  // Said until the schema changes again, so the note stays beside the queue it explains.
  const [skipNote, setSkipNote] = useState<{ schema: string; text: string } | null>(null);
  const onSkipped = (next: string, skipped: readonly LabelSchema[]) =>
    setSkipNote(
      skipped.length === 0
        ? null
        : { schema: next, text: `Shift+S skipped ${skipped.map((s) => s.definition.title).join(', ')}: filled in per rollout in Run audit, not as a queue.` },
    );
  useLabelToolbarCommands({ route, schemas, schema, options, current, blind, go, setBlind: (on) => void save({ blind: on }), onSkipped });
  const tab = (view: LabelsRoute['view'], text: string) => (
    <a
      href={`#/labels${view === 'queue' ? '' : `/${view}`}?schema=${encodeURIComponent(schema)}`}
      className={route.view === view ? 'labels-tab active' : 'labels-tab'}
      aria-current={route.view === view ? 'page' : undefined}
      data-testid={`labels-tab-${view}`}
      onClick={(e) => {
        e.preventDefault();
        go({ view });
      }}
    >
      {text}
    </a>
  );

  return (
    <header className="labels-toolbar">
      <h1>Labels</h1>
      <nav className="labels-tabs" aria-label="Labels views">
        {tab('queue', 'Queue')}
        {tab('agreement', 'Agreement')}
        {tab('adjudicate', 'Adjudication')}
        {tab('audit', 'Run audit')}
      </nav>
      {route.view !== 'audit' && (
        <label className="facet">
          <span className="facet-label">Schema</span>
          <select data-testid="label-schema" value={schema} onChange={(e) => go({ schema: chosen(e) })}>
            {schemas.map((s) => (
              <option key={s.name} value={s.name}>
                {s.definition.title} (v{s.version})
              </option>
            ))}
          </select>
        </label>
      )}
      {route.view === 'queue' && (
        <>
          <label className="facet">
            <span className="facet-label">Items</span>
            <select data-testid="label-target-set" value={current ?? ''} onChange={(e) => go({ targetSet: options.find((o) => o.value === chosen(e))!.set })}>
              {current === null && <option value="">(from the address)</option>}
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.text}
                </option>
              ))}
            </select>
          </label>
          {/* Always there, disabled for a sample, so choosing another item set never moves the controls after it. */}
          <label className="facet">
            <span className="facet-label">Category</span>
            <select
              data-testid="label-category-filter"
              value={category ?? ''}
              disabled={targetSet.kind === 'sample' || categoryRefusal !== null}
              title={categoryRefusal ?? (targetSet.kind === 'sample' ? 'A stratified sample already spans the categories' : undefined)}
              onChange={(e) => go({ targetSet: withCategory(targetSet, chosen(e) || null) })}
            >
              <option value="">Any category</option>
              {categories.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.code} · {c.name}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
      {skipNote?.schema === schema && route.view === 'queue' && (
        <span className="labels-skip-note" role="status" data-testid="schema-skip-note">
          {skipNote.text}
        </span>
      )}
      <LabelFileActions schema={route.view === 'audit' ? 'run_audit' : schema} annotator={settings?.annotator ?? null} />
      <div className="labels-identity">
        <label className="blind-toggle" title="Hide other annotators' labels and CWM verdicts on an item until you have labelled it">
          <input
            type="checkbox"
            data-testid="blind-toggle"
            checked={settings?.blind ?? true}
            onChange={(e) => {
              e.target.blur();
              void save({ blind: e.target.checked });
            }}
          />
          Blind
        </label>
        <span className="muted">
          as <strong data-testid="annotator-name">{settings?.annotator}</strong> · <a href="#/settings">change</a>
        </span>
      </div>
    </header>
  );
}
