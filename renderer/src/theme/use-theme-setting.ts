/** Keeps the window's theme and density on the person's settings, loading the settings at start. */
import { useEffect } from 'react';
import { useSettingsStore } from '../app-state/settings-store';
import { rowHeightIn } from './row-height';
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
    // html[data-density] is what density.css reads; the table rows' height is the virtualisers' number.
    if (!density) return;
    document.documentElement.dataset.density = density;
    document.documentElement.style.setProperty('--table-row-height', `${rowHeightIn(density, 'table')}px`);
  }, [density]);
}
