import { useEffect, useState } from 'react';
import type { LabelTargetSet } from '../../../common/labels/labels';
import { LoadingState } from '../components/loading-state';
import { navigate } from '../router/router';
import { useAppStore } from '../app-state/app-store';
import { answered, useLabelSchemas, useQueueLibraries } from './use-label-schemas';
import { useSettingsStore } from '../app-state/settings-store';
import { useTaxonomyStore } from '../rubrics';
import { AdjudicationView } from './adjudication-view';
import { AgreementView } from './agreement-view';
import { IdentityPrompt } from './identity-prompt';
import type { LabelsRoute } from '../router/label-route';
import { LabelsToolbar } from './labels-toolbar';
import { QueueView } from './queue-view';
import { RunAuditView } from './run-audit-view';

/**
 * Screen 4, Labels: the queue an annotator works through with the keyboard, agreement between
 * annotators, and the adjudication of their disagreements, one schema at a time; and the run
 * audit form.
 */
export function LabelsScreen({ route }: { route: LabelsRoute }) {
  const settings = useSettingsStore((s) => s.settings);
  const schemasAnswer = useLabelSchemas();
  const librariesAnswer = useQueueLibraries();
  const schemas = schemasAnswer.data;
  const libraries = librariesAnswer.data;
  const markReady = useAppStore((s) => s.markReady);
  const [storesLoaded, setStoresLoaded] = useState(false);

  useEffect(() => {
    void Promise.all([useSettingsStore.getState().load(), useTaxonomyStore.getState().load()]).then(() => setStoresLoaded(true));
  }, []);
  const ready = storesLoaded && answered(schemasAnswer) && answered(librariesAnswer);
  useEffect(() => {
    if (ready) markReady();
  }, [ready, markReady]);

  // Without a schema or items in the URL, the first schema and library are chosen, so the screen is never blank.
  const schema = route.schema ?? schemas?.[0]?.name ?? null;
  const fallback: LabelTargetSet | null = libraries?.[0] ? { kind: 'library', library: libraries[0].id } : libraries ? { kind: 'filter' } : null;
  const targetSet = route.targetSet ?? fallback;
  useEffect(() => {
    if (route.view !== 'audit' && (route.schema === null || route.targetSet === null) && schema !== null && targetSet !== null) {
      navigate({ ...route, schema, targetSet }, { replace: true });
    }
  }, [route, schema, targetSet]);

  if (settings === null || schemas === null) return <LoadingState label="Loading label schemas…" />;
  if (settings.annotator === null) {
    return (
      <div className="screen labels-screen" data-testid="labels-screen">
        <IdentityPrompt />
      </div>
    );
  }
  if (schema === null || targetSet === null) return <div className="empty-state">This corpus has no label schemas.</div>;
  const known = schemas.find((s) => s.name === (route.view === 'audit' ? 'run_audit' : schema));
  return (
    <div className="screen labels-screen" data-testid="labels-screen" data-view={route.view}>
      <LabelsToolbar route={route} schema={schema} targetSet={targetSet} />
      {!known ? (
        <div className="empty-state">
          There is no label schema <span className="mono">{schema}</span> in this corpus.
        </div>
      ) : route.view === 'agreement' ? (
        <AgreementView schema={known} />
      ) : route.view === 'audit' ? (
        <RunAuditView route={route} schema={known} annotator={settings.annotator} />
      ) : route.view === 'adjudicate' ? (
        <AdjudicationView schema={known} annotator={settings.annotator} />
      ) : (
        <QueueView
          schema={known}
          annotator={settings.annotator}
          targetSet={targetSet}
          blind={settings.blind}
          openSet={(set) => navigate({ ...route, schema, targetSet: set })}
        />
      )}
    </div>
  );
}
