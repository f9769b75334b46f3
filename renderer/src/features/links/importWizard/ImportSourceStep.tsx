/** The wizard's first step: where the links are now, one of the five sources (docs/api.md#imports). */
import { useTranslation } from 'react-i18next';
import { IMPORT_SOURCES, type ImportSource } from '../../../../../redirector/contract/imports';
import { RadioGroup } from '../../../components/RadioGroup';

export function ImportSourceStep({
  value,
  onChange,
}: {
  value: ImportSource;
  onChange: (source: ImportSource) => void;
}) {
  const { t } = useTranslation();
  return (
    <RadioGroup
      legend={t('imports.sourceLegend')}
      name="import-source"
      className="import-sources"
      choiceClassName="import-sources__choice"
      choices={IMPORT_SOURCES}
      value={value}
      onChange={onChange}
    >
      {(source) => (
        <span className="checkbox__text">
          <span className="checkbox__label">{t(`imports.sources.${source}`)}</span>
          <span className="checkbox__hint">{t(`imports.sources.${source}Hint`)}</span>
        </span>
      )}
    </RadioGroup>
  );
}
