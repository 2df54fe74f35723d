import { densityChoices, themeChoices, type DensityChoice, type ThemeChoice } from '../../../common/theme';
import { useCommands } from '../commands/use-commands';
import { useSettingsStore } from '../app-state/settings-store';

/** One appearance setting: its choices, how each reads, and the palette's name for it. */
interface Setting<C extends string> {
  key: 'theme' | 'density';
  title: string;
  choices: readonly C[];
  labels: Record<C, string>;
}

const themeSetting: Setting<ThemeChoice> = { key: 'theme', title: 'Theme', choices: themeChoices, labels: { system: 'System', light: 'Light', dark: 'Dark' } };
const densitySetting: Setting<DensityChoice> = {
  key: 'density',
  title: 'Density',
  choices: densityChoices,
  labels: { comfortable: 'Comfortable', compact: 'Compact' },
};

/** A setting's choices as radio buttons, and as palette commands for the ones not chosen. */
function ChoiceGroup<C extends string>({ setting, value, labelledBy }: { setting: Setting<C>; value: C; labelledBy?: string }) {
  const save = useSettingsStore((s) => s.save);
  const choose = (choice: C) => void save({ [setting.key]: choice });
  useCommands(
    setting.choices.map((choice) => ({
      id: `settings.${setting.key}-${choice}`,
      group: 'Settings',
      title: `${setting.title}: ${setting.labels[choice]}`,
      when: () => value !== choice,
      run: () => choose(choice),
    })),
  );
  return (
    <div
      className="theme-choice"
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : setting.title}
      data-testid={`settings-${setting.key}`}
    >
      {setting.choices.map((choice) => (
        <label key={choice} className="theme-option">
          <input
            type="radio"
            name={setting.key}
            value={choice}
            checked={value === choice}
            onChange={() => choose(choice)}
            data-testid={`settings-${setting.key}-${choice}`}
          />
          {setting.labels[choice]}
        </label>
      ))}
    </div>
  );
}

/** The theme (the system's prefers-color-scheme, or light or dark always) and the density; each person's own, kept in the corpus. */
export function AppearanceSettings({ theme, density }: { theme: ThemeChoice; density: DensityChoice }) {
  return (
    <section className="settings-section" aria-labelledby="appearance-title">
      <h2 id="appearance-title">Appearance</h2>
      <ChoiceGroup setting={themeSetting} value={theme} labelledBy="appearance-title" />
      <p className="muted">System follows the light or dark appearance your operating system asks for, and changes with it.</p>
      <ChoiceGroup setting={densitySetting} value={density} />
    </section>
  );
}
