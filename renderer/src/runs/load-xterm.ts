/** Loads xterm once, on first use, so screens without a terminal never pay for its chunk. */

export type XtermApi = typeof import('./xterm-api');

let loading: Promise<XtermApi> | null = null;

export function loadXterm(): Promise<XtermApi> {
  loading ??= import('./xterm-api').catch((err: unknown) => {
    // A failed chunk load (e.g. the server went away) may succeed on the next try.
    loading = null;
    throw err;
  });
  return loading;
}
