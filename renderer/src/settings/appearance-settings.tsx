import { themeChoices, type ThemeChoice } from '../../../common/theme';
import { useCommands } from '../commands/use-commands';
import { useSettingsStore } from '../app-state/settings-store';

const choiceLabels: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** The theme: the system's (prefers-color-scheme), or light or dark always. Kept in the corpus with the other settings. */
export function AppearanceSettings({ theme }: { theme: ThemeChoice }) {
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
    </section>
  );
}
