import { useHostsStore } from '../stores/hosts-store';
import { CountInput } from './count-input';

/** Props of the pool fields of the start form. */
export interface PoolFieldsProps {
  backend: string;
  /** Slots per host as typed; '' keeps each host's setting (else one per GPU, else one). */
  parallel: string;
  parallelInvalid: boolean;
  onParallel(parallel: string): void;
  /** Hosts added to the backend's own to share the run's queue (`local` or saved SSH host names). */
  extraHosts: string[];
  onExtraHosts(hosts: string[]): void;
  disabled: boolean;
}

/** The backend's host of a local or SSH run (`local` or the saved host's name); null for Slurm. */
export function primaryHost(backend: string): string | null {
  if (backend === 'local') return 'local';
  return backend.startsWith('ssh:') ? backend.slice('ssh:'.length) : null;
}

/**
 * How wide a run goes: slots per host (on Slurm, the job array's %N limit) and, for local and
 * SSH runs, more hosts sharing the one queue.
 */
export function PoolFields({ backend, parallel, parallelInvalid, onParallel, extraHosts, onExtraHosts, disabled }: PoolFieldsProps) {
  const hosts = useHostsStore((s) => s.hosts);
  const primary = primaryHost(backend);
  const others = primary === null ? [] : ['local', ...(hosts ?? []).map((h) => h.name)].filter((h) => h !== primary);
  const toggle = (host: string) => onExtraHosts(extraHosts.includes(host) ? extraHosts.filter((h) => h !== host) : [...extraHosts, host]);
  return (
    <>
      <label className="facet facet-inline">
        <span className="facet-label">{primary === null ? 'At once' : 'Slots per host'}</span>
        <CountInput
          placeholder="auto"
          value={parallel}
          invalid={parallelInvalid}
          title={
            parallelInvalid
              ? 'A whole number of slots, at least 1'
              : primary === null
                ? 'Tasks of each job array running at once (%N)'
                : "Attempts each host runs at once; empty: the host's setting, else one per GPU, else one"
          }
          onChange={onParallel}
          disabled={disabled}
          testId="run-parallel"
        />
      </label>
      {others.length > 0 && (
        <fieldset className="facet facet-inline run-pool" data-testid="run-pool" disabled={disabled}>
          <legend className="facet-label">Also on</legend>
          {others.map((host) => (
            <label key={host} className="pool-host">
              <input type="checkbox" checked={extraHosts.includes(host)} onChange={() => toggle(host)} data-testid={`run-pool-${host}`} />
              {host}
            </label>
          ))}
        </fieldset>
      )}
    </>
  );
}
