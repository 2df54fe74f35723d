import { useAppStore } from '../stores/app-store';
import { WorkerRestartNotice } from './worker-restart-notice';

/** Which corpus file is open, its schema version and the shell the app runs in. */
export function StatusBar() {
  const info = useAppStore((s) => s.info);
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
          <WorkerRestartNotice />
          <span className="status-right">Rubric Workbench {info.appVersion}</span>
        </>
      ) : (
        <span>Connecting…</span>
      )}
    </footer>
  );
}
