import { useState } from 'react';
import type { HostConfig, LocalHostSettings } from '../../../common/runs/run-types';
import { useHosts, useLocalHost } from './use-hosts';
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

/** Slots per host as typed: undefined when empty (the hosts' own settings), NaN when not a whole number >= 1. */
function parseParallel(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= 256 ? n : NaN;
}

/** The pool fields of a run request: `parallel` when typed, `hosts` when others share the backend's host's queue. */
function poolRequest(backend: string, parallel: number | undefined, extraHosts: readonly string[]): { parallel?: number; hosts?: string[] } {
  const primary = primaryHost(backend);
  const others = extraHosts.filter((h) => h !== primary);
  return { ...(parallel === undefined ? {} : { parallel }), ...(primary !== null && others.length > 0 ? { hosts: [primary, ...others] } : {}) };
}

/** What an empty slot field means for the backend's host: its setting in Settings, or automatic. */
function hostSettingText(primary: string | null, local: LocalHostSettings | null, hosts: readonly HostConfig[] | null): string {
  if (primary === null) return 'auto';
  const slots = primary === 'local' ? local?.slots : hosts?.find((h) => h.name === primary)?.slots;
  return slots === null || slots === undefined ? 'auto' : `${slots} (host)`;
}

/** The backend's host of a local or SSH run (`local` or the saved host's name); null for Slurm. */
function primaryHost(backend: string): string | null {
  if (backend === 'local') return 'local';
  return backend.startsWith('ssh:') ? backend.slice('ssh:'.length) : null;
}

/** The pool fields' state, shared by the start form and the Rerun dialog. */
export interface PoolChoice {
  /** What `PoolFields` shows and changes. */
  fields: Omit<PoolFieldsProps, 'disabled'>;
  /** The slots typed are not a whole number from 1 to 256. */
  invalid: boolean;
  /** The request's `parallel` and `hosts`, as typed. */
  request(): { parallel?: number; hosts?: string[] };
}

/** Holds what the pool fields for `backend` hold: slots per host as typed and the hosts also used. */
export function usePoolChoice(backend: string): PoolChoice {
  const [parallel, setParallel] = useState('');
  const [extraHosts, setExtraHosts] = useState<string[]>([]);
  const value = parseParallel(parallel);
  const invalid = Number.isNaN(value);
  return {
    fields: { backend, parallel, parallelInvalid: invalid, onParallel: setParallel, extraHosts, onExtraHosts: setExtraHosts },
    invalid,
    request: () => poolRequest(backend, value, extraHosts),
  };
}

/**
 * How wide a run goes: slots per host (on Slurm, the job array's %N limit) and, for local and
 * SSH runs, more hosts sharing the one queue.
 */
export function PoolFields({ backend, parallel, parallelInvalid, onParallel, extraHosts, onExtraHosts, disabled }: PoolFieldsProps) {
  const hosts = useHosts();
  const local = useLocalHost();
  const primary = primaryHost(backend);
  const others = primary === null ? [] : ['local', ...(hosts ?? []).map((h) => h.name)].filter((h) => h !== primary);
  const toggle = (host: string) => onExtraHosts(extraHosts.includes(host) ? extraHosts.filter((h) => h !== host) : [...extraHosts, host]);
  return (
    <>
      <label className="facet facet-inline">
        <span className="facet-label">{primary === null ? 'At once' : 'Slots per host'}</span>
        <CountInput
          placeholder={hostSettingText(primary, local, hosts)}
          value={parallel}
          invalid={parallelInvalid}
          title={
            parallelInvalid
              ? 'A whole number of slots, at least 1'
              : primary === null
                ? 'Tasks of each job array running at once (%N)'
                : "Attempts each host runs at once; empty: each host's setting (Settings), else one per GPU, else one"
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
