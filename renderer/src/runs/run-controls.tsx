import { BackendSelect } from './backend-select';
import { CountInput } from './count-input';
import { PoolFields, type PoolFieldsProps } from './pool-fields';

/** Props of the run toolbar. */
export interface RunControlsProps extends Omit<PoolFieldsProps, 'backend' | 'disabled'> {
  backend: string;
  onBackend(backend: string): void;
  /** The time cap override as typed; '' keeps each case's own cap. */
  cap: string;
  /** The cap typed is not a positive number of seconds. */
  capInvalid: boolean;
  onCap(cap: string): void;
  /** Slots never started: what Start (or Continue) would run. */
  pending: number;
  /** Whether any slot has run, which makes the button "Continue". */
  started: boolean;
  starting: boolean;
  /** Runs working on this experiment now. */
  liveRuns: number;
  onStart(): void;
  onCancel(): void;
  onStop(): void;
}

/** Where and how to run the experiment's never-started slots, and the way to stop a run. */
export function RunControls({
  backend,
  onBackend,
  cap,
  capInvalid,
  onCap,
  pending,
  started,
  starting,
  liveRuns,
  onStart,
  onCancel,
  onStop,
  ...pool
}: RunControlsProps) {
  const verb = started ? 'Continue' : 'Start';
  return (
    <div className="run-controls" data-testid="run-controls">
      <BackendSelect value={backend} onChange={onBackend} testId="run-backend" disabled={starting} />
      <PoolFields backend={backend} disabled={starting} {...pool} />
      <label className="facet facet-inline">
        <span className="facet-label">Time cap</span>
        <CountInput
          placeholder="per case"
          value={cap}
          invalid={capInvalid}
          title={capInvalid ? 'A time cap is a positive number of seconds' : "Overrides every case's own time cap for this run"}
          onChange={onCap}
          testId="run-timeout"
          describedBy="run-cap-unit"
        />
        <span id="run-cap-unit" className="muted">
          s
        </span>
      </label>
      <button
        type="button"
        className="button button-primary"
        disabled={pending === 0 || starting || capInvalid || pool.parallelInvalid}
        onClick={onStart}
        data-testid="run-start"
        title={pending === 0 ? 'Every slot has been started; attempts are never overwritten' : `${verb} the ${pending} never-started slots on ${backend} (s)`}
      >
        {starting ? 'Starting…' : pending === 0 ? 'Every slot started' : `${verb} ${pending} slot${pending === 1 ? '' : 's'}`} <kbd>s</kbd>
      </button>
      {liveRuns > 0 && (
        <button
          type="button"
          className="button"
          onClick={onStop}
          data-testid="run-stop"
          title="Stop dispatching: running attempts finish and are recorded, the rest stay never started for Continue (x)"
        >
          Stop <kbd>x</kbd>
        </button>
      )}
      {liveRuns > 0 && (
        <button
          type="button"
          className="button button-danger"
          onClick={onCancel}
          data-testid="run-cancel"
          title="Stop the run: running attempts become interrupted (c)"
        >
          Cancel run <kbd>c</kbd>
        </button>
      )}
    </div>
  );
}
