import { useState, type FormEvent } from 'react';
import { roles, type PersonAdded, type Role } from '../../../common/people/people';
import { api } from '../api/bridge';
import { CopyablePath } from '../labels';

/** The sign-in link of a person just added: this page's own address with their secret, as `rwb people add` prints it. */
function linkOf(added: PersonAdded): string {
  return `${location.origin}/?token=${added.token}`;
}

/**
 * Adds a person (or gives one already there a new link) and shows their sign-in link once, to
 * copy and hand to them: only its hash is kept, so it cannot be shown again.
 */
export function AddPersonForm() {
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('auditor');
  const [added, setAdded] = useState<PersonAdded | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    setError(null);
    setAdded(null);
    try {
      setAdded(await api('people.add', { name: name.trim(), role }));
      setName('');
    } catch (err) {
      setError((err as Error).message);
    }
  }

  return (
    <div className="add-person">
      <form className="settings-row" onSubmit={(e) => void submit(e)} data-testid="people-add">
        <label className="facet">
          <span className="facet-label">Name</span>
          <input className="text-input" data-testid="people-add-name" value={name} maxLength={64} required onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="facet">
          <span className="facet-label">Role</span>
          <select data-testid="people-add-role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {roles.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button-primary" data-testid="people-add-submit">
          Add person
        </button>
      </form>
      {error && (
        <p className="error-text" role="alert" data-testid="people-error">
          {error}
        </p>
      )}
      {added && (
        <div className="person-link" data-testid="people-new-link" data-person={added.name}>
          <p>
            <strong>{added.name}</strong> ({added.role}) signs in with this link. It is shown once: copy it now and give it to them only.
          </p>
          <CopyablePath path={linkOf(added)} testId="people-link" fieldLabel={`Sign-in link of ${added.name}`} buttonLabel="Copy link" />
        </div>
      )}
    </div>
  );
}
