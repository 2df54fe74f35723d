import type { TeamMember } from '../../../common/people/people';
import { useOperation } from '../api/use-operation';
import { AddPersonForm } from './add-person-form';
import { PersonControls } from './person-controls';
import { useCan } from '../people/use-can';
import { formatHash } from '../router/route';
import { useAppStore } from '../app-state/app-store';

const teamTables = ['people', 'labels'] as const;

function kappaText(kappa: number | null, items: number): string {
  if (items === 0) return 'no shared items';
  return kappa === null ? `— on ${items} (chance agreement 1)` : `${kappa.toFixed(2)} on ${items}`;
}

/** One person's progress and agreement, one line per label schema they have labelled under. */
function Progress({ member }: { member: TeamMember }) {
  if (member.progress.length === 0) return <span className="muted">no labels yet</span>;
  return (
    <ul className="people-progress">
      {member.progress.map((p) => (
        <li key={p.schema}>
          <a href={formatHash({ name: 'labels', view: 'agreement', schema: p.schema, targetSet: null, rollout: null })}>{p.schema}</a>: {p.done} labelled
          {p.agreement
            .filter((a) => a.items > 0)
            .map((a) => (
              <span key={a.with} className="muted" data-testid="people-agreement" data-with={a.with} data-kappa={a.kappa ?? ''}>
                {' '}
                · κ with {a.with} {kappaText(a.kappa, a.items)}
              </span>
            ))}
        </li>
      ))}
    </ul>
  );
}

function linkText(member: TeamMember): string {
  if (member.revoked) return 'revoked';
  return member.hasLink ? 'own link' : 'printed URL';
}

/**
 * Settings → People: the team of this corpus with each person's labels per schema and Cohen's
 * kappa with each other annotator on the items both labelled. In serve mode an admin adds a
 * person (and copies their link), changes a role and revokes a link here; `rwb people` does
 * the same on the box. The desktop app is one person, so it offers no links.
 */
export function PeopleSettings() {
  const { data: team, error } = useOperation('people.list', {}, { tables: teamTables });
  const admin = useCan('people.add');
  const manage = useAppStore((s) => s.info?.shell === 'serve') && admin;
  return (
    <section className="settings-section" aria-labelledby="people-title" data-testid="people-settings">
      <h2 id="people-title">People</h2>
      {error && <p className="error-text">{error.message}</p>}
      {manage && <AddPersonForm />}
      {team && team.length === 0 && <p className="muted">Only you: serve mode makes its first admin when it starts.</p>}
      {team && team.length > 0 && (
        <table className="plain-table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Role</th>
              <th>Link</th>
              <th>Labels and agreement</th>
              {manage && <th>Manage</th>}
            </tr>
          </thead>
          <tbody>
            {team.map((m) => (
              <tr key={m.name} data-testid="people-row" data-person={m.name}>
                <td>{m.name}</td>
                <td>{m.role}</td>
                <td>{linkText(m)}</td>
                <td>
                  <Progress member={m} />
                </td>
                {manage && (
                  <td>
                    <PersonControls member={m} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {admin ? (
        <p className="muted">
          On the box: <code>rwb people add NAME --role auditor|researcher|admin</code> prints a person&apos;s own sign-in link, <code>rwb people role</code>{' '}
          changes a role and <code>rwb people revoke NAME</code> stops a link at once.
        </p>
      ) : (
        <p className="muted">An admin adds people, changes their roles and revokes their links.</p>
      )}
    </section>
  );
}
