import { useEffect, useState } from 'react';
import { LoadingState } from '../components/loading-state';
import { useAppStore } from '../app-state/app-store';
import { answered, useLabelSchemas } from '../labels';
import { useSettingsStore } from '../app-state/settings-store';
import { useTaxonomyStore } from '../rubrics';
import { AnnotatorSettings } from './annotator-settings';
import { AppearanceSettings } from './appearance-settings';
import { SchemaEditor } from './schema-editor';
import { TaxonomyEditor } from './taxonomy-editor';
import { HostsPanel } from '../runs';
import { ModelKeySettings } from './model-key-settings';
import { PriceTableEditor } from './price-table-editor';
import { Allowed } from '../people/allowed';
import { PeopleSettings } from './people-settings';

/**
 * Screen 8, Settings: the theme, who labels, blind mode, the team with its progress and agreement, the
 * taxonomy with its guidelines, the label schemas as data, SSH hosts, the model API key and the price
 * table; each section only for a person whose role may change it.
 */
export function SettingsScreen() {
  const settings = useSettingsStore((s) => s.settings);
  const schemasAnswer = useLabelSchemas();
  const schemas = schemasAnswer.data;
  const taxonomy = useTaxonomyStore((s) => s.taxonomy);
  const markReady = useAppStore((s) => s.markReady);
  const [storesLoaded, setStoresLoaded] = useState(false);
  useEffect(() => {
    void Promise.all([useSettingsStore.getState().load(), useTaxonomyStore.getState().load()]).then(() => setStoresLoaded(true));
  }, []);
  const ready = storesLoaded && answered(schemasAnswer);
  useEffect(() => {
    if (ready) markReady();
  }, [ready, markReady]);

  return (
    <div className="screen settings-screen" data-testid="settings-screen">
      <header className="screen-header">
        <h1>Settings</h1>
        <span className="muted">Kept in this corpus, except the API key, which never enters it.</span>
      </header>
      {settings === null || schemas === null || taxonomy === null ? (
        <LoadingState label="Loading settings…" />
      ) : (
        <div className="settings-body">
          <AppearanceSettings theme={settings.theme} density={settings.density} />
          <AnnotatorSettings settings={settings} />
          <PeopleSettings />
          <Allowed op="taxonomy.save">
            <TaxonomyEditor taxonomy={taxonomy} />
          </Allowed>
          <Allowed op="labels.schemaSave">
            <SchemaEditor schemas={schemas} />
          </Allowed>
          <Allowed op="hosts.save">
            <HostsPanel />
          </Allowed>
          <Allowed op="models.setKey">
            <ModelKeySettings />
          </Allowed>
          <Allowed op="prices.save">
            <PriceTableEditor />
          </Allowed>
        </div>
      )}
    </div>
  );
}
