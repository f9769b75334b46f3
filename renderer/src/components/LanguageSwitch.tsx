import { useTranslation } from 'react-i18next';
import { CATALOGUES } from '../../../redirector/contract/catalogues';
import { chooseLanguage, currentLanguage, LANGUAGES } from '../i18n';

/** The UI's language, each named in itself (English, Español), kept in this browser (i18n/index.ts). */
export function LanguageSwitch() {
  const { t } = useTranslation();
  return (
    <label className="preference-switch">
      <span className="visually-hidden">{t('language.label')}</span>
      <select
        className="preference-switch__select"
        value={currentLanguage()}
        onChange={(event) => chooseLanguage(event.target.value)}
        aria-label={t('language.label')}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {CATALOGUES[code]?.language.name ?? code}
          </option>
        ))}
      </select>
    </label>
  );
}
