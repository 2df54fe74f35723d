import type { Route } from '../router/route';

/** Every screen in the navigation, with the routes under it; Settings sits apart at the bottom. */
export const screens: { label: string; href: string; routes: Route['name'][]; extraClass?: string }[] = [
  { label: 'Corpus', href: '#/corpus', routes: ['corpus', 'rollout'] },
  { label: 'Libraries', href: '#/libraries', routes: ['libraries', 'rubric'] },
  { label: 'Compare', href: '#/compare', routes: ['compare'] },
  { label: 'Compare rollouts', href: '#/compare-rollouts', routes: ['compare-rollouts'] },
  { label: 'Labels', href: '#/labels', routes: ['labels'] },
  { label: 'Runs', href: '#/runs', routes: ['runs'] },
  { label: 'Pipeline', href: '#/pipeline', routes: ['pipeline'] },
  { label: 'Settings', href: '#/settings', routes: ['settings'], extraClass: 'nav-settings' },
];

/** The left navigation: only screens that exist are listed. */
export function NavBar({ route }: { route: Route }) {
  return (
    <nav className="nav-bar" aria-label="Screens">
      <div className="nav-title">
        Rubric
        <br />
        Workbench
      </div>
      {screens.map(({ label, href, routes, extraClass }) => {
        const active = routes.includes(route.name);
        const className = ['nav-link', active ? 'active' : '', extraClass ?? ''].filter(Boolean).join(' ');
        return (
          <a key={href} href={href} className={className} aria-current={active ? 'page' : undefined}>
            {label}
          </a>
        );
      })}
    </nav>
  );
}
