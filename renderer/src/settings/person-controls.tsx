import { useState } from 'react';
import { roles, type Role, type TeamMember } from '../../../common/people/people';
import { api } from '../api/bridge';
import { ConfirmDialog } from '../runs';

/** An admin's controls on one person: their role, and revoking their link. A refused change says why beside them. */
export function PersonControls({ member }: { member: TeamMember }) {
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function run(change: () => Promise<unknown>): Promise<void> {
    setError(null);
    try {
      await change();
    } catch (err) {
      setError((err as Error).message);
    }
  }

  if (member.revoked) return <span className="muted">revoked</span>;
  return (
    <div className="person-controls">
      <select
        aria-label={`Role of ${member.name}`}
        data-testid="people-role"
        value={member.role}
        onChange={(e) => void run(() => api('people.setRole', { name: member.name, role: e.target.value as Role }))}
      >
        {roles.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
      <button type="button" className="button button-danger" data-testid="people-revoke" onClick={() => setConfirming(true)}>
        Revoke
      </button>
      {error && (
        <span className="error-text" role="alert" data-testid="people-row-error">
          {error}
        </span>
      )}
      {confirming && (
        <ConfirmDialog
          title={`Revoke ${member.name}'s link?`}
          testId="people-revoke-dialog"
          confirmLabel="Revoke link"
          cancelLabel="Keep"
          onClose={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void run(() => api('people.revoke', { name: member.name }));
          }}
        >
          <p>Their link stops working at once, in every open browser. Their labels stay theirs; adding them again gives them a new link.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
