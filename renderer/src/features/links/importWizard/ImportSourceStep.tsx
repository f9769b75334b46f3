/** The wizard's first step: where the links are now, one of the five sources (docs/api.md#imports). */
import { useTranslation } from 'react-i18next';
import { IMPORT_SOURCES, type ImportSource } from '../../../../../redirector/contract/imports';

export function ImportSourceStep({
  value,
  onChange,
}: {
  value: ImportSource;
  onChange: (source: ImportSource) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="import-sources">
      <legend className="field__label">{t('imports.sourceLegend')}</legend>
      {IMPORT_SOURCES.map((source) => (
        <label key={source} className="checkbox import-sources__choice">
          <input
            type="radio"
            name="import-source"
            value={source}
            checked={value === source}
            onChange={() => onChange(source)}
          />
          <span className="checkbox__text">
            <span className="checkbox__label">{t(`imports.sources.${source}`)}</span>
            <span className="checkbox__hint">{t(`imports.sources.${source}Hint`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
