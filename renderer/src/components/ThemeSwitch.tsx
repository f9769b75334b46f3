import { useTranslation } from 'react-i18next';
import { THEME_CHOICES, type ThemeChoice, useThemeChoice } from './theme';

/** Light, Dark or System: a small select kept in this browser (components/theme.ts). */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const [choice, setChoice] = useThemeChoice();
  return (
    <label className="preference-switch">
      <span className="visually-hidden">{t('theme.label')}</span>
      <select
        className="preference-switch__select"
        value={choice}
        onChange={(event) => setChoice(event.target.value as ThemeChoice)}
        aria-label={t('theme.label')}
      >
        {THEME_CHOICES.map((option) => (
          <option key={option} value={option}>
            {t(`theme.${option}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
