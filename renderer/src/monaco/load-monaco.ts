/** Loads Monaco once, on first use; every caller shares the same promise. */

/** The lazily loaded Monaco API. */
export type MonacoApi = typeof import('monaco-editor/editor');

let loading: Promise<MonacoApi> | null = null;
let loaded: MonacoApi | null = null;

/** Resolves to the Monaco API, loading its chunk (and the editor's CSS) the first time. */
export function loadMonaco(): Promise<MonacoApi> {
  loading ??= import('./monaco-api').then(
    (m) => (loaded = m.monaco),
    (err: unknown) => {
      // A failed chunk load (e.g. the server went away) may succeed on the next try.
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** The Monaco API if it has loaded; code that runs only once an editor exists may rely on it. */
export function loadedMonaco(): MonacoApi | null {
  return loaded;
}
