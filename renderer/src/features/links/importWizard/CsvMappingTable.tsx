/**
 * A CSV import's mapping (docs/api.md#csv-imports): the file's first rows as a table, and above each
 * column the link field it holds, chosen from CSV_MAPPING_FIELDS or left out. Each choice reads as
 * the field's name in the UI's language, its value the API's name. A field taken by one column is
 * not offered to another; `target_url` is not offered beside `url`, the same field.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CSV_MAPPING_FIELDS, type CsvMappingField } from '../../../../../redirector/contract/imports';
import { ChoiceOptions } from '../../../components/ChoiceOptions';
import type { CsvDraft } from './importDraft';

export interface CsvMappingTableProps {
  csv: CsvDraft;
  onFields: (fields: (CsvMappingField | null)[]) => void;
}

/** `url` and `target_url` are one field: a column on either takes both. */
const sameField = (a: CsvMappingField, b: CsvMappingField | null) =>
  a === b || (b !== null && [a, b].every((field) => field === 'url' || field === 'target_url'));

/** The choices: every field but `target_url` (`url` says it, and the wizard proposes `url` for a `target_url` column). */
const CHOICES = CSV_MAPPING_FIELDS.filter(
  (field): field is Exclude<CsvMappingField, 'target_url'> => field !== 'target_url',
);

export function CsvMappingTable({ csv, onFields }: CsvMappingTableProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { rows } = csv.preview;
  // A column is known by its place: two columns of a file may share a name.
  const columns = csv.preview.columns.map((name, place) => ({ name, place }));
  const choose = (index: number, value: string) =>
    onFields(csv.fields.map((field, at) => (at === index ? ((value || null) as CsvMappingField | null) : field)));
  return (
    <section className="stack stack--sm" aria-labelledby={titleId}>
      <h3 id={titleId} className="import-wizard__heading">
        {t('imports.mapping.title')}
      </h3>
      <p className="muted">{t('imports.mapping.hint', { count: rows.length })}</p>
      <div className="table-wrap import-mapping">
        <table className="table">
          <thead>
            <tr>
              {columns.map(({ name, place }) => (
                <th key={place} scope="col">
                  <span className="mono">{name}</span>
                  <select
                    className="input"
                    aria-label={t('imports.mapping.fieldFor', { column: name })}
                    value={csv.fields[place] === 'target_url' ? 'url' : (csv.fields[place] ?? '')}
                    onChange={(event) => choose(place, event.target.value)}
                  >
                    <ChoiceOptions
                      none={t('imports.mapping.leaveOut')}
                      choices={CHOICES.filter(
                        (field) => !csv.fields.some((other, at) => at !== place && sameField(field, other)),
                      ).map((field) => [field, t(`imports.mapping.fields.${field}`)])}
                    />
                  </select>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, line) => (
              // The preview never changes order: a row's place is its identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: rows of a file read once
              <tr key={line}>
                {columns.map(({ place }) => (
                  // A value shows cut to its column (whole on hover): a 2,000-character address
                  // once made its column 15,000 px wide, the next column's choice out of reach.
                  <td key={place} className="truncate" title={row[place] ?? ''}>
                    {row[place] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
