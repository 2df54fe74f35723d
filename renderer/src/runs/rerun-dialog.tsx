import { useState, type FormEvent } from 'react';
import type { RequestOf } from '../../../common/contract';
import { api } from '../api/bridge';
import { ModalDialog } from '../components/modal-dialog';
import { navigate } from '../router/router';
import { useRunsStore } from './runs-store';
import { BackendSelect } from './backend-select';
import { fieldErrorsOf, type FieldErrors } from './field-errors';
import { PoolFields, usePoolChoice } from './pool-fields';

/** A stored program version to run again, addressed as `programs.get` addresses it. */
export type ProgramVersion = RequestOf<'programs.get'>;

/** A number field as typed: undefined when empty (the backend's default applies). */
function numberOrDefault(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text);
}

/**
 * Runs a program version again as a new experiment (`runs.rerun`: one arm, `original`, N
 * repeats, over the slots and hosts chosen here, each host's own setting by default), then
 * opens it on the Runs screen with the first attempt's live terminal.
 */
export function RerunDialog({ program, onClose }: { program: ProgramVersion; onClose(): void }) {
  const [backend, setBackend] = useState(() => useRunsStore.getState().backend);
  const [repeats, setRepeats] = useState('3');
  const [cap, setCap] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [starting, setStarting] = useState(false);

  const pool = usePoolChoice(backend);

  async function onSubmit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (pool.invalid) return setErrors({ parallel: 'Slots per host: a whole number from 1 to 256, or empty for each host’s setting' });
    setStarting(true);
    try {
      const run = await api('runs.rerun', {
        ...program,
        backend,
        repeats: numberOrDefault(repeats),
        timeoutS: numberOrDefault(cap),
        ...pool.request(),
      });
      useRunsStore.getState().setBackend(backend);
      navigate({ name: 'runs', experiment: run.experiment, attempt: run.attempts[0] ?? null });
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setStarting(false);
    }
  }

  const general = Object.entries(errors)
    .filter(([field]) => field !== 'repeats' && field !== 'timeoutS' && field !== 'parallel')
    .map(([field, message]) => (field ? `${field}: ${message}` : message));
  return (
    <ModalDialog title="Rerun this program" testId="rerun-dialog" canClose={!starting} onClose={onClose}>
      <form onSubmit={(e) => void onSubmit(e)}>
        <div className="modal-body rerun-fields">
          <p className="modal-intro">
            Runs <span className="mono">{program.path}</span> v{program.version} of <span className="mono">{program.rollout}</span> as a new experiment (arm{' '}
            <span className="mono">original</span>) with its task&apos;s data and scoring rule. Every attempt is kept.
          </p>
          {general.length > 0 && (
            <p className="field-error" role="alert" data-testid="field-error" data-field="">
              {general.join('; ')}
            </p>
          )}
          <BackendSelect value={backend} onChange={setBackend} testId="rerun-backend" disabled={starting} />
          <label className="facet facet-inline">
            <span className="facet-label">Repeats</span>
            <input
              className="cap-input"
              type="number"
              min={1}
              step={1}
              value={repeats}
              onChange={(e) => setRepeats(e.target.value)}
              data-testid="rerun-repeats"
              data-autofocus
            />
          </label>
          {errors.repeats && <p className="field-error">{errors.repeats}</p>}
          <label className="facet facet-inline">
            <span className="facet-label">Time cap</span>
            <input
              className="cap-input"
              type="number"
              min={1}
              step={1}
              placeholder="600"
              value={cap}
              onChange={(e) => setCap(e.target.value)}
              data-testid="rerun-timeout"
            />
            <span className="muted">s (empty: the case&apos;s default, 600 s)</span>
          </label>
          {errors.timeoutS && <p className="field-error">{errors.timeoutS}</p>}
          <PoolFields {...pool.fields} disabled={starting} />
          {errors.parallel && (
            <p className="field-error" data-testid="rerun-parallel-error">
              {errors.parallel}
            </p>
          )}
        </div>
        <footer className="modal-foot">
          <button type="button" className="button" onClick={onClose} disabled={starting}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={starting} data-testid="rerun-start">
            {starting ? 'Starting…' : 'Start rerun'}
          </button>
        </footer>
      </form>
    </ModalDialog>
  );
}
