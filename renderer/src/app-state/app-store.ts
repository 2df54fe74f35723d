/** App-wide state: backend info for the status bar, the current error, readiness for tests. */
import { create } from 'zustand';
import type { AppInfo } from '../../../common/corpus/corpus-types';
import { toErrorData, type ApiErrorData } from '../../../common/errors';
import { api } from '../api/bridge';
import { currentRoute } from '../router/router';

/** A failed call as the banner shows it: on the screen it belongs to, until that call succeeds or it is dismissed. */
export interface ScreenError extends ApiErrorData {
  /** The screen (route name) the error belongs to; the banner shows it there only. */
  screen: string;
  /** What raised it (an operation name), so its later success takes the error back; null when not said. */
  source: string | null;
}

/** Where an error belongs, when the caller knows better than "the screen on now, some call". */
export interface ErrorOrigin {
  screen?: string;
  source?: string;
}

interface AppState {
  info: AppInfo | null;
  /** The last failed call, shown in the error banner on its screen until dismissed, replaced or resolved. */
  error: ScreenError | null;
  loadInfo(): Promise<void>;
  reportError(err: unknown, origin?: ErrorOrigin): void;
  /** Takes back the error `source` raised (that call has since succeeded). */
  resolveError(source: string): void;
  /** Drops an error that belongs to a screen other than `screen` (the user moved on). */
  leaveScreen(screen: string): void;
  dismissError(): void;
  /** Marks the first screen as loaded (successfully or with its error shown). */
  markReady(): void;
}

/** The app slice. */
export const useAppStore = create<AppState>()((set, get) => ({
  info: null,
  error: null,
  async loadInfo() {
    try {
      set({ info: await api('app.info', {}) });
    } catch (err) {
      get().reportError(err, { source: 'app.info' });
    }
  },
  reportError(err, origin = {}) {
    set({ error: { ...toErrorData(err), screen: origin.screen ?? currentRoute().name, source: origin.source ?? null } });
  },
  resolveError(source) {
    if (get().error?.source === source) set({ error: null });
  },
  leaveScreen(screen) {
    const error = get().error;
    if (error && error.screen !== screen) set({ error: null });
  },
  dismissError() {
    set({ error: null });
  },
  markReady() {
    // e2e tests wait on html[data-app-ready="true"] before they look at a screen.
    document.documentElement.dataset.appReady = 'true';
  },
}));

/** Reports a failed call to the error banner of the screen on now; for `catch` clauses in other slices. */
export function reportError(err: unknown): void {
  useAppStore.getState().reportError(err);
}
