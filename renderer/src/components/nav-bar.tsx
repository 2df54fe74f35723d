import type { Route } from '../router/route';

/** The left navigation: only screens that exist are listed. */
export function NavBar({ route }: { route: Route }) {
  const inCorpus = route.name === 'corpus' || route.name === 'rollout';
  const inLibraries = route.name === 'libraries' || route.name === 'rubric';
  const inCompare = route.name === 'compare';
  const inLabels = route.name === 'labels';
  const inRuns = route.name === 'runs';
  const inPipeline = route.name === 'pipeline';
  const inSettings = route.name === 'settings';
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
      <a href="#/libraries" className={inLibraries ? 'nav-link active' : 'nav-link'} aria-current={inLibraries ? 'page' : undefined}>
        Libraries
      </a>
      <a href="#/compare" className={inCompare ? 'nav-link active' : 'nav-link'} aria-current={inCompare ? 'page' : undefined}>
        Compare
      </a>
      <a href="#/labels" className={inLabels ? 'nav-link active' : 'nav-link'} aria-current={inLabels ? 'page' : undefined}>
        Labels
      </a>
      <a href="#/runs" className={inRuns ? 'nav-link active' : 'nav-link'} aria-current={inRuns ? 'page' : undefined}>
        Runs
      </a>
      <a href="#/pipeline" className={inPipeline ? 'nav-link active' : 'nav-link'} aria-current={inPipeline ? 'page' : undefined}>
        Pipeline
      </a>
      <a href="#/settings" className={inSettings ? 'nav-link active nav-settings' : 'nav-link nav-settings'} aria-current={inSettings ? 'page' : undefined}>
        Settings
      </a>
    </nav>
  );
}
