import { densityChoices, themeChoices, type DensityChoice, type ThemeChoice } from '../../../common/theme';
import { useCommands } from '../commands/use-commands';
import { useSettingsStore } from '../stores/settings-store';

const choiceLabels: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };
const densityLabels: Record<DensityChoice, string> = { comfortable: 'Comfortable', compact: 'Compact' };

/** The theme (the system's prefers-color-scheme, or light or dark always) and the density; each person's own, kept in the corpus. */
export function AppearanceSettings({ theme, density }: { theme: ThemeChoice; density: DensityChoice }) {
  const save = useSettingsStore((s) => s.save);
  useCommands(
    themeChoices.map((choice) => ({
      id: `settings.theme-${choice}`,
      group: 'Settings',
      title: `Theme: ${choiceLabels[choice]}`,
      when: () => theme !== choice,
      run: () => void save({ theme: choice }),
    })),
  );
  useCommands(
    densityChoices.map((choice) => ({
      id: `settings.density-${choice}`,
      group: 'Settings',
      title: `Density: ${densityLabels[choice]}`,
      when: () => density !== choice,
      run: () => void save({ density: choice }),
    })),
  );
  return (
    <section className="settings-section" aria-labelledby="appearance-title">
      <h2 id="appearance-title">Appearance</h2>
      <div className="theme-choice" role="radiogroup" aria-labelledby="appearance-title" data-testid="settings-theme">
        {themeChoices.map((choice) => (
          <label key={choice} className="theme-option">
            <input
              type="radio"
              name="theme"
              value={choice}
              checked={theme === choice}
              onChange={() => void save({ theme: choice })}
              data-testid={`settings-theme-${choice}`}
            />
            {choiceLabels[choice]}
          </label>
        ))}
      </div>
      <p className="muted">System follows the light or dark appearance your operating system asks for, and changes with it.</p>
      <div className="theme-choice" role="radiogroup" aria-label="Density" data-testid="settings-density">
        {densityChoices.map((choice) => (
          <label key={choice} className="theme-option">
            <input
              type="radio"
              name="density"
              value={choice}
              checked={density === choice}
              onChange={() => void save({ density: choice })}
              data-testid={`settings-density-${choice}`}
            />
            {densityLabels[choice]}
          </label>
        ))}
      </div>
    </section>
  );
}
