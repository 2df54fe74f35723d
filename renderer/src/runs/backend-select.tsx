import { useHosts } from './use-hosts';

/** Props of the backend picker. */
export interface BackendSelectProps {
  value: string;
  onChange(backend: string): void;
  testId: string;
  disabled?: boolean;
}

/** Where a run executes: this machine, the Slurm cluster, or a saved SSH host. */
export function BackendSelect({ value, onChange, testId, disabled = false }: BackendSelectProps) {
  const hosts = useHosts();
  return (
    <label className="facet facet-inline">
      <span className="facet-label">Backend</span>
      <select value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId} disabled={disabled}>
        <option value="local">local (this machine)</option>
        <option value="slurm">slurm (sbatch on this cluster)</option>
        {(hosts ?? []).map((h) => (
          <option key={h.name} value={`ssh:${h.name}`}>
            ssh:{h.name} ({h.user}@{h.host}
            {h.gpuLabel ? `, ${h.gpuLabel}` : ''})
          </option>
        ))}
        {/* A backend naming a host since deleted stays visible rather than silently changing. */}
        {value.startsWith('ssh:') && hosts !== null && !hosts.some((h) => `ssh:${h.name}` === value) && <option value={value}>{value} (not saved)</option>}
      </select>
    </label>
  );
}
