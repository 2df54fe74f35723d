import { useEffect } from 'react';
import { PersonBadge } from '../people/person-badge';
import { useAppStore } from '../app-state/app-store';
import { useSettingsStore } from '../app-state/settings-store';
import { WorkerRestartNotice } from './worker-restart-notice';

/** Which corpus file is open, its schema version, the shell the app runs in, and who labels in this window. */
export function StatusBar() {
  const info = useAppStore((s) => s.info);
  useEffect(() => void useSettingsStore.getState().load(), []);
  return (
    <footer className="status-bar" data-testid="status-bar">
      {info ? (
        <>
          <span title="corpus file">
            <span className="status-label">Corpus</span> {info.dbPath}
          </span>
          <span>
            <span className="status-label">Schema</span> v{info.schemaVersion}
          </span>
          <span>
            <span className="status-label">Shell</span> {info.shell}
          </span>
          <PersonBadge testId="status-person" />
          <WorkerRestartNotice />
          <span className="status-right">Rubric Workbench {info.appVersion}</span>
        </>
      ) : (
        <span>Connecting…</span>
      )}
    </footer>
  );
}
