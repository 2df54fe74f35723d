import { useState, type FormEvent } from 'react';
import { api } from '../api/bridge';
import { useOperation } from '../api/use-operation';
import { reportError } from '../app-state/app-store';

/**
 * This machine as a run host: how many attempts it runs at once (empty: one per GPU
 * `nvidia-smi -L` lists, else one) and the variable names its programs may receive beyond
 * the allowlist. Kept in the corpus's settings.
 */
export function LocalHostRow() {
  const [slots, setSlots] = useState('');
  const [envNames, setEnvNames] = useState('');
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useOperation(
    'hosts.local',
    {},
    {
      onLoad: (local) => {
        setSlots(local.slots === null ? '' : String(local.slots));
        setEnvNames(local.envNames.join(' '));
      },
      onError: reportError,
    },
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSaved(false);
    try {
      await api('hosts.saveLocal', { slots: slots.trim() === '' ? null : Number(slots), envNames: envNames.split(/[\s,]+/).filter(Boolean) });
      setSaved(true);
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <tr data-testid="local-host-row">
      <td colSpan={2}>
        <form className="local-host-form" onSubmit={(e) => void onSubmit(e)}>
          <strong>local</strong> <span className="muted">this machine</span>
          <label className="facet facet-inline">
            <span className="facet-label">Slots</span>
            <input
              className="cap-input"
              type="number"
              min={1}
              placeholder="auto"
              value={slots}
              onChange={(e) => setSlots(e.target.value)}
              data-testid="local-slots"
            />
          </label>
          <label className="facet facet-inline">
            <span className="facet-label">Extra environment</span>
            <input
              type="text"
              spellCheck={false}
              placeholder="HF_HOME WANDB_MODE"
              value={envNames}
              onChange={(e) => setEnvNames(e.target.value)}
              data-testid="local-env"
            />
          </label>
          <button type="submit" className="button button-small" data-testid="local-save">
            Save
          </button>
          {saved && <span className="muted">saved</span>}
          {error && (
            <span className="field-error" role="alert" data-testid="local-error">
              {error}
            </span>
          )}
        </form>
      </td>
    </tr>
  );
}
