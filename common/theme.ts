/** The window's colour themes, a setting kept in the corpus like blind mode. */

/** The choices Settings offers: follow the system's prefers-color-scheme, or one theme always. */
export const themeChoices = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof themeChoices)[number];

/** How much the window fits in: comfortable spacing, or compact rows and padding for more per screen. */
export const densityChoices = ['comfortable', 'compact'] as const;
export type DensityChoice = (typeof densityChoices)[number];

/** A theme the window can show. */
export type Theme = 'light' | 'dark';

/** The theme to show for a choice, given whether the system asks for dark. */
export function resolveTheme(choice: ThemeChoice, systemPrefersDark: boolean): Theme {
  if (choice === 'system') return systemPrefersDark ? 'dark' : 'light';
  return choice;
}
