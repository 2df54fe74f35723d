import { useState, type FormEvent, type ReactNode } from 'react';
import type { AppInfo } from '../../../common/corpus/corpus-types';
import type { ModelsStatus } from '../../../common/model/model-types';
import { api } from '../api/bridge';
import { useOperation } from '../api/use-operation';
import { fieldErrorsOf } from '../runs';
import { reportError, useAppStore } from '../app-state/app-store';

/** Where the key in use is kept, in the words of the shell the user is in. */
function keptWhere(status: ModelsStatus, shell: AppInfo['shell'] | undefined): ReactNode {
  switch (status.keySource) {
    case 'safe-storage':
      return "Kept encrypted in the operating system's safe storage; it is never written to the corpus or a log.";
    case 'session':
      return shell === 'serve' ? (
        <>
          Kept in the memory of this <code>rwb serve</code> process until it stops. To keep a key, start it with <code>ANTHROPIC_API_KEY</code> set.
        </>
      ) : (
        'Kept until the app quits: this system offers no safe storage (no keyring) to keep it encrypted.'
      );
    case 'environment':
      return (
        <>
          From <code>ANTHROPIC_API_KEY</code> in the backend&apos;s environment. A key saved here takes its place.
        </>
      );
    default:
      return 'Mining, curation and judging need a key (or replay mode, which answers from the ledger). Everything else works without one.';
  }
}

/**
 * The model API key: set, replace or remove it. The key goes to the backend once and is never
 * shown again, nor kept in this page's state after it is sent.
 */
export function ModelKeySettings() {
  const shell = useAppStore((s) => s.info?.shell);
  const fetched = useOperation('models.status', {}, { onError: reportError });
  const status = fetched.data;
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function change(request: () => Promise<ModelsStatus>): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      fetched.replace(await request());
      setKey('');
    } catch (err) {
      const errors = fieldErrorsOf(err);
      setError(errors.key ?? errors[''] ?? Object.values(errors).join('; '));
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent): void {
    event.preventDefault();
    if (key.trim() === '') return setError('Paste a key first.');
    void change(() => api('models.setKey', { key }));
  }

  const removable = status?.keySource === 'safe-storage' || status?.keySource === 'session';
  return (
    <section
      className="settings-section"
      aria-labelledby="model-key-title"
      data-testid="model-key-settings"
      data-key-source={status === null ? 'loading' : (status.keySource ?? 'none')}
    >
      <h2 id="model-key-title">Model API key</h2>
      {status === null ? (
        <p className="muted">Checking model access…</p>
      ) : (
        <>
          <p>
            <span className={status.hasKey ? 'badge badge-ok' : 'badge badge-neutral'}>{status.hasKey ? 'API key set' : 'no API key'}</span>{' '}
            {status.mode === 'replay' && <span className="badge badge-warn">replay mode</span>} <span className="muted">{keptWhere(status, shell)}</span>
          </p>
          <form className="settings-row" onSubmit={submit}>
            <label className="facet">
              <span className="facet-label">{status.hasKey ? 'Replace with' : 'Anthropic API key'}</span>
              <input
                className="text-input mono"
                type="password"
                autoComplete="off"
                spellCheck={false}
                placeholder="sk-ant-…"
                size={40}
                value={key}
                onChange={(e) => setKey(e.target.value)}
                aria-invalid={error !== null}
                data-testid="model-key-input"
              />
            </label>
            <button type="submit" className="button button-primary" disabled={busy} data-testid="model-key-save">
              Save key
            </button>
            {removable && (
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => void change(() => api('models.clearKey', {}))}
                data-testid="model-key-clear"
              >
                Remove key
              </button>
            )}
          </form>
          {error !== null && (
            <p className="field-error" role="alert" data-testid="model-key-error">
              {error}
            </p>
          )}
        </>
      )}
    </section>
  );
}
