import { useSettingsStore } from '../app-state/settings-store';

/** Who labels in this window, and their role: the status bar and the palette show it. */
export function PersonBadge({ testId }: { testId: string }) {
  const settings = useSettingsStore((s) => s.settings);
  if (settings === null) return null;
  const name = settings.annotator ?? 'no name yet';
  return (
    <span
      className="person-badge"
      data-testid={testId}
      data-person={settings.annotator ?? ''}
      data-role={settings.role}
      title={settings.signedIn ? 'signed in with your own link' : 'this corpus’s annotator (Settings)'}
    >
      <span className="status-label">{settings.signedIn ? 'Signed in as' : 'Labelling as'}</span> {name} · {settings.role}
    </span>
  );
}
