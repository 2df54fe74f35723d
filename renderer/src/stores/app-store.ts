/** App-wide state: backend info for the status bar, the current error, readiness for tests. */
import { create } from 'zustand';
import type { AppInfo } from '../../../common/domain';
import { toErrorData, type ApiErrorData } from '../../../common/errors';
import { api } from '../api/bridge';

interface AppState {
  info: AppInfo | null;
  /** The last failed call, shown in the error banner until dismissed or replaced. */
  error: ApiErrorData | null;
  loadInfo(): Promise<void>;
  reportError(err: unknown): void;
  dismissError(): void;
  /** Marks the first screen as loaded (successfully or with its error shown). */
  markReady(): void;
}

/** The app slice. */
export const useAppStore = create<AppState>()((set) => ({
  info: null,
  error: null,
  async loadInfo() {
    try {
      set({ info: await api('app.info', {}) });
    } catch (err) {
      useAppStore.getState().reportError(err);
    }
  },
  reportError(err) {
    set({ error: toErrorData(err) });
  },
  dismissError() {
    set({ error: null });
  },
  markReady() {
    // e2e tests wait on html[data-app-ready="true"] before they look at a screen.
    document.documentElement.dataset.appReady = 'true';
  },
}));

/** Reports a failed call to the error banner; for `catch` clauses in other slices. */
export function reportError(err: unknown): void {
  useAppStore.getState().reportError(err);
}
