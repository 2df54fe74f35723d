/**
 * Settings kept in the corpus (annotator identity, blind mode), loaded once and shared by the
 * Labels screens and Settings.
 */
import { create } from 'zustand';
import type { RequestOf } from '../../../common/contract';
import type { WorkbenchSettings } from '../../../common/labels/labels';
import { api } from '../api/bridge';
import { reportError } from './app-store';

interface SettingsState {
  settings: WorkbenchSettings | null;
  load(): Promise<void>;
  /** Saves the fields given; resolves false (with the error shown) when the backend refuses them. */
  save(changes: RequestOf<'settings.set'>): Promise<boolean>;
}

let firstLoad: Promise<void> | null = null;

/** The settings slice. */
export const useSettingsStore = create<SettingsState>()((set) => ({
  settings: null,
  load() {
    firstLoad ??= api('settings.get', {}).then(
      (settings) => set({ settings }),
      (err: unknown) => reportError(err),
    );
    return firstLoad;
  },
  async save(changes) {
    try {
      set({ settings: await api('settings.set', changes) });
      return true;
    } catch (err) {
      reportError(err);
      return false;
    }
  },
}));

/**
 * Why the miner's categories cannot narrow a list for this person, or null when they can: the
 * server refuses category filters to a person signed in with their own link in blind mode.
 */
export function categoryFilterRefusal(settings: WorkbenchSettings | null): string | null {
  return settings?.signedIn === true && settings.blind
    ? "Blind mode hides the miner's categories until you label an item; turn it off to narrow by category"
    : null;
}
