import { THEME_CHOICES, type ThemeChoice, useThemeChoice } from './theme';

const LABELS: Record<ThemeChoice, string> = { light: 'Light', dark: 'Dark', system: 'System' };

/** Light, Dark or System: a small select kept in this browser (components/theme.ts). */
export function ThemeSwitch({ className }: { className?: string }) {
  const [choice, setChoice] = useThemeChoice();
  return (
    <label className={['theme-switch', className].filter(Boolean).join(' ')}>
      <span className="visually-hidden">Theme</span>
      <select
        className="theme-switch__select"
        value={choice}
        onChange={(event) => setChoice(event.target.value as ThemeChoice)}
        aria-label="Theme"
      >
        {THEME_CHOICES.map((option) => (
          <option key={option} value={option}>
            {LABELS[option]}
          </option>
        ))}
      </select>
    </label>
  );
}
