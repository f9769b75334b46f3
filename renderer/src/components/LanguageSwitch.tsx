import { useTranslation } from 'react-i18next';
import { chooseLanguage, currentLanguage, LANGUAGE_NAMES, LANGUAGES } from '../i18n';

/** The UI's language, each named in itself (English, Español), kept in this browser (i18n/index.ts). */
export function LanguageSwitch() {
  const { t } = useTranslation();
  return (
    <label className="preference-switch">
      <span className="visually-hidden">{t('language.label')}</span>
      <select
        className="preference-switch__select"
        value={currentLanguage()}
        onChange={(event) => void chooseLanguage(event.target.value)}
        aria-label={t('language.label')}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code] ?? code}
          </option>
        ))}
      </select>
    </label>
  );
}
