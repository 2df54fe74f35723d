import type { Route } from '../router/route';

/** The left navigation: only screens that exist are listed. */
export function NavBar({ route }: { route: Route }) {
  const inCorpus = route.name === 'corpus' || route.name === 'rollout';
  return (
    <nav className="nav-bar" aria-label="Screens">
      <div className="nav-title">
        Rubric
        <br />
        Workbench
      </div>
      <a href="#/corpus" className={inCorpus ? 'nav-link active' : 'nav-link'} aria-current={inCorpus ? 'page' : undefined}>
        Corpus
      </a>
    </nav>
  );
}
