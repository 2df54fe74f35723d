import { useState, type FormEvent } from 'react';
import { useSettingsStore } from '../app-state/settings-store';

/**
 * Asks who is labelling before the first label, once: every label is made in a name, and a name
 * is kept in the corpus's settings (Settings changes it). The OS user's name is offered.
 */
export function IdentityPrompt() {
  const save = useSettingsStore((s) => s.save);
  const suggested = useSettingsStore((s) => s.settings?.suggestedAnnotator);
  const [name, setName] = useState(suggested ?? '');

  function submit(event: FormEvent): void {
    event.preventDefault();
    if (name.trim() !== '') void save({ annotator: name.trim() });
  }

  return (
    <form className="identity-prompt" onSubmit={submit} data-testid="identity-prompt">
      <h2>Who is labelling?</h2>
      <p className="muted">Labels are made in this name and travel with it when exported. Letters, digits, “.”, “_” or “-”.</p>
      <input
        autoFocus
        className="text-input"
        data-testid="annotator-input"
        aria-label="Annotator name"
        value={name}
        maxLength={64}
        onChange={(e) => setName(e.target.value)}
        placeholder="e.g. ana"
      />
      <button type="submit" className="button button-primary" disabled={name.trim() === ''}>
        Start labelling
      </button>
    </form>
  );
}
