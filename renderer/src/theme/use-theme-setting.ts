/** Keeps the window's theme on the corpus's setting, loading the settings at start. */
import { useEffect } from 'react';
import { useSettingsStore } from '../app-state/settings-store';
import { setThemeChoice } from './window-theme';

export function useThemeSetting(): void {
  const theme = useSettingsStore((s) => s.settings?.theme);
  useEffect(() => {
    void useSettingsStore.getState().load();
  }, []);
  useEffect(() => {
    if (theme) setThemeChoice(theme);
  }, [theme]);
}
