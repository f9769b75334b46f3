/** The domain a user's link goes on: their verified custom domain or the default domain. */
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field';
import type { LinkDomainChoice } from './linkDomain';

export interface LinkDomainFieldProps {
  choices: LinkDomainChoice[];
  value: string | null;
  onChange: (domain: string | null) => void;
}

export function LinkDomainField({ choices, value, onChange }: LinkDomainFieldProps) {
  const { t } = useTranslation();
  return (
    <Field label={t('linkForm.fields.domain')} hint={t('linkForm.fields.domainHint')} className="span-2">
      {(control) => (
        <select
          {...control}
          name="domain"
          className="input"
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
        >
          {choices.map((choice) => (
            <option key={choice.domain ?? ''} value={choice.domain ?? ''}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
