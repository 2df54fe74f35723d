import { useState } from 'react';
import type { HostConfig } from '../../../common/runs/run-types';
import { useWrite } from '../api/use-write';
import { reportError } from '../app-state/app-store';
import { useHosts } from './use-hosts';
import { ConfirmDialog } from './confirm-dialog';
import { HostDialog } from './host-dialog';
import { LocalHostRow } from './local-host-row';

/** The hosts runs can use: this machine's slots, and the SSH hosts (`ssh:<name>`) to add, edit, delete. */
export function HostsPanel() {
  const hosts = useHosts();
  const remove = useWrite('hosts.delete', ['hosts']);
  // `undefined`: no dialog; null: adding a host; a host: editing it.
  const [editing, setEditing] = useState<HostConfig | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<HostConfig | null>(null);

  return (
    <section className="hosts-panel" aria-label="SSH hosts">
      <header className="pane-header">
        <span className="pane-label">SSH hosts</span>
        <button type="button" className="button button-small" onClick={() => setEditing(null)} data-testid="host-add">
          Add host
        </button>
      </header>
      <table className="plain-table hosts-table" data-testid="hosts-table">
        <tbody>
          <LocalHostRow />
          {hosts?.length === 0 && (
            <tr>
              <td className="muted">No hosts yet. Add a GPU box to run on it over SSH; local and Slurm need none.</td>
            </tr>
          )}
          {hosts?.map((h) => (
            <tr key={h.name} data-testid="host-row" data-host={h.name}>
              <td>
                <div>
                  <strong>{h.name}</strong> {h.gpuLabel && <span className="badge badge-neutral">{h.gpuLabel}</span>}
                </div>
                <div className="mono muted host-address" title={`work folder ${h.workDir}${h.identityFile ? `, key ${h.identityFile}` : ''}`}>
                  {h.user}@{h.host}
                  {h.port !== 22 && `:${h.port}`} · {h.workDir} · {h.slots === null ? 'slots: one per GPU' : `${h.slots} slot${h.slots === 1 ? '' : 's'}`}
                  {h.envNames.length > 0 && ` · also passes ${h.envNames.join(', ')}`}
                </div>
              </td>
              <td className="host-actions">
                <button type="button" className="link-button" onClick={() => setEditing(h)} data-testid="host-edit">
                  Edit
                </button>
                <button type="button" className="link-button danger-link" onClick={() => setDeleting(h)} data-testid="host-delete">
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {editing !== undefined && <HostDialog host={editing} onClose={() => setEditing(undefined)} />}
      {deleting && (
        <ConfirmDialog
          title={`Delete SSH host ${deleting.name}?`}
          testId="host-delete-dialog"
          confirmLabel="Delete host"
          cancelLabel="Keep it"
          onClose={() => setDeleting(null)}
          onConfirm={() => {
            remove.run({ name: deleting.name }).catch(reportError);
            setDeleting(null);
          }}
        >
          <p>
            Runs can no longer use <span className="mono">ssh:{deleting.name}</span>. Attempts that ran there keep their records.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
