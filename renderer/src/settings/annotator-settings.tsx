import { useState, type FormEvent } from 'react';
import type { WorkbenchSettings } from '../../../common/labels/labels';
import { useSettingsStore } from '../app-state/settings-store';

/**
 * The annotator's name and blind mode. A new name applies to labels made from now on; earlier labels keep theirs.
 * A person signed in with their own link (serve mode) labels in their own name, which is shown, not edited.
 */
export function AnnotatorSettings({ settings }: { settings: WorkbenchSettings }) {
  const save = useSettingsStore((s) => s.save);
  const [name, setName] = useState(settings.annotator ?? '');
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    setSaved(await save({ annotator: name.trim() === '' ? null : name.trim() }));
  }

  return (
    <section className="settings-section" aria-labelledby="annotator-title">
      <h2 id="annotator-title">Annotator</h2>
      {settings.signedIn ? (
        <p data-testid="settings-signed-in">
          You are signed in as <strong>{settings.annotator}</strong> ({settings.role}) with your own link: your labels, blind mode, theme and density are yours,
          and another name needs its own link.
        </p>
      ) : (
        <form className="settings-row" onSubmit={(e) => void submit(e)}>
          <label className="facet">
            <span className="facet-label">Name</span>
            <input
              className="text-input"
              data-testid="settings-annotator"
              value={name}
              maxLength={64}
              onChange={(e) => {
                setName(e.target.value);
                setSaved(false);
              }}
            />
          </label>
          <button type="submit" className="button button-primary" data-testid="settings-annotator-save">
            Save
          </button>
          {saved && <span className="saved-mark">✓ saved</span>}
        </form>
      )}
      <p className="muted">Labels are made in this name and travel with it in exported files; labels already made keep the name they were made in.</p>
      <label className="blind-toggle">
        <input type="checkbox" checked={settings.blind} onChange={(e) => void save({ blind: e.target.checked })} data-testid="settings-blind" />
        Blind mode: hide other annotators’ labels and CWM verdicts on an item until I have labelled it
      </label>
    </section>
  );
}
