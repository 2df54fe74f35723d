import { useEffect } from 'react';
import { LoadingState } from '../components/loading-state';
import { useAppStore } from '../stores/app-store';
import { useLabelSchemaStore } from '../stores/label-schema-store';
import { useSettingsStore } from '../stores/settings-store';
import { useTaxonomyStore } from '../stores/taxonomy-store';
import { AnnotatorSettings } from './annotator-settings';
import { SchemaEditor } from './schema-editor';
import { TaxonomyEditor } from './taxonomy-editor';
import { HostsPanel } from '../runs/hosts-panel';

/** Screen 8, Settings: who labels, blind mode, the taxonomy with its guidelines, and the label schemas as data. */
export function SettingsScreen() {
  const settings = useSettingsStore((s) => s.settings);
  const schemas = useLabelSchemaStore((s) => s.schemas);
  const taxonomy = useTaxonomyStore((s) => s.taxonomy);
  const markReady = useAppStore((s) => s.markReady);
  useEffect(() => {
    void Promise.all([useSettingsStore.getState().load(), useLabelSchemaStore.getState().load(), useTaxonomyStore.getState().load()]).then(markReady);
  }, [markReady]);

  return (
    <div className="screen settings-screen" data-testid="settings-screen">
      <header className="screen-header">
        <h1>Settings</h1>
        <span className="muted">Kept in this corpus; nothing here is secret.</span>
      </header>
      {settings === null || schemas === null || taxonomy === null ? (
        <LoadingState label="Loading settings…" />
      ) : (
        <div className="settings-body">
          <AnnotatorSettings settings={settings} />
          <TaxonomyEditor taxonomy={taxonomy} />
          <SchemaEditor schemas={schemas} />
          <HostsPanel />
        </div>
      )}
    </div>
  );
}
