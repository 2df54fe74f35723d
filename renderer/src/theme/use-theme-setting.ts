/** Keeps the window's theme and density on the person's settings, loading the settings at start. */
import { useEffect } from 'react';
import { useSettingsStore } from '../app-state/settings-store';
import { setThemeChoice } from './window-theme';

export function useThemeSetting(): void {
  const theme = useSettingsStore((s) => s.settings?.theme);
  const density = useSettingsStore((s) => s.settings?.density);
  useEffect(() => {
    void useSettingsStore.getState().load();
  }, []);
  useEffect(() => {
    if (theme) setThemeChoice(theme);
  }, [theme]);
  useEffect(() => {
    // html[data-density] is what density.css reads.
    if (density) document.documentElement.dataset.density = density;
  }, [density]);
}
