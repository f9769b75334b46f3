/**
 * The wizard's second step: the source's connection (its secrets in password boxes, never shown
 * back), or the CSV file and its column mapping; and what a taken short code does.
 */
import { useTranslation } from 'react-i18next';
import type { OnConflict } from '../../../../../redirector/contract/imports';
import { Field } from '../../../components/Field';
import { SelectField } from '../../../components/SelectField';
import { CsvMappingTable } from './CsvMappingTable';
import { CONNECTION_FIELDS, csvDraft, type ImportDraft } from './importDraft';

export interface ImportConnectionStepProps {
  draft: ImportDraft;
  onChange: (change: Partial<ImportDraft>) => void;
}

export function ImportConnectionStep({ draft, onChange }: ImportConnectionStepProps) {
  const { t } = useTranslation();
  return (
    <div className="stack">
      {draft.source === 'csv' ? (
        <CsvFileStep draft={draft} onChange={onChange} />
      ) : (
        CONNECTION_FIELDS[draft.source].map((field) => (
          <Field
            key={`${draft.source}-${field.name}`}
            label={t(`imports.fields.${field.name}`)}
            hint={field.secret ? t('imports.secretHint') : undefined}
            optional={field.optional}
            required={!field.optional}
          >
            {(control) => (
              <input
                {...control}
                className="input"
                type={field.secret ? 'password' : 'text'}
                autoComplete={field.secret ? 'new-password' : 'off'}
                spellCheck={false}
                placeholder={field.placeholder}
                value={draft.connection[field.name] ?? ''}
                onChange={(event) =>
                  onChange({ connection: { ...draft.connection, [field.name]: event.target.value } })
                }
              />
            )}
          </Field>
        ))
      )}
      <SelectField<OnConflict>
        label={t('imports.onConflict')}
        value={draft.onConflict}
        choices={[
          ['skip', t('imports.skip')],
          ['suffix', t('imports.suffix')],
        ]}
        onValueChange={(onConflict) => onChange({ onConflict })}
      />
    </div>
  );
}

function CsvFileStep({ draft, onChange }: ImportConnectionStepProps) {
  const { t } = useTranslation();
  const csv = draft.csv;
  return (
    <>
      <Field label={t('imports.fields.file')} required>
        {(control) => (
          <input
            {...control}
            className="input"
            type="file"
            accept=".csv,text/csv"
            onChange={async (event) => {
              const file = event.target.files?.[0];
              if (file) onChange({ csv: csvDraft(file.name, await file.text()) });
            }}
          />
        )}
      </Field>
      {csv ? <CsvMappingTable csv={csv} onFields={(fields) => onChange({ csv: { ...csv, fields } })} /> : null}
    </>
  );
}
