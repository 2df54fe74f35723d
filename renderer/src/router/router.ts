/**
 * The current route as an external store over `location.hash`. Navigation rewrites only
 * the hash, so the page's `?token=` query stays exactly as the server gave it.
 */
import { useSyncExternalStore } from 'react';
import { formatHash, parseHash, type Route } from './route';

const listeners = new Set<() => void>();
let cachedHash: string | null = null;
let cachedRoute: Route = { name: 'corpus' };

function notify(): void {
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('hashchange', notify);
    window.addEventListener('popstate', notify);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('hashchange', notify);
      window.removeEventListener('popstate', notify);
    }
  };
}

/** The route of the current URL; the same object while the hash is unchanged (React needs that). */
export function currentRoute(): Route {
  if (location.hash !== cachedHash) {
    cachedHash = location.hash;
    cachedRoute = parseHash(location.hash);
  }
  return cachedRoute;
}

/**
 * Goes to `route`. `replace` rewrites the current history entry, for changes (like the
 * selected step) that should survive a reload but not fill the back button's history.
 */
export function navigate(route: Route, options: { replace?: boolean } = {}): void {
  const hash = formatHash(route);
  if (hash === location.hash) return;
  const url = `${location.pathname}${location.search}${hash}`;
  if (options.replace) history.replaceState(history.state, '', url);
  else history.pushState(null, '', url);
  notify();
}

/** Subscribes a component to the current route. */
export function useRoute(): Route {
  return useSyncExternalStore(subscribe, currentRoute);
}
