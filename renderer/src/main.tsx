import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { workbench } from './api/bridge';
import { App } from './app';
import { installNavigationGuard } from './navigation-guard';
import { currentRoute } from './router/router';
import { useCorpusStore } from './corpus/corpus-store';
import { installUnsavedLabelGuard } from './labels/label-queue-store';
import { installWindowTheme } from './theme/window-theme';
import './styles/theme.css';
import './styles/base.css';
import './styles/corpus.css';
import './styles/rollout.css';
import './styles/search.css';
import './styles/import.css';
import './styles/compare.css';
import './styles/compare-rollouts.css';
import './styles/libraries.css';
import './styles/rubrics.css';
import './styles/labels.css';
import './styles/label-views.css';
import './styles/settings.css';
import './styles/runs.css';
import './styles/pipeline.css';
import './styles/commands.css';
import './styles/density.css';

installWindowTheme();
installNavigationGuard();
installUnsavedLabelGuard();
// Decide the bridge before anything calls it, so a missing backend fails in one place.
workbench();
// The Corpus screen's rows are asked for before React's first render and commit, not in the
// screen's effect after them: on a slow machine that render is a good part of the first paint's
// wait. The screen's own load() then joins this one.
if (currentRoute().name === 'corpus') void useCorpusStore.getState().load();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
