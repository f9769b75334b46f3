/** The domain a user's link goes on: their verified custom domain or the default domain. */
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../components/SelectField';
import type { LinkDomainChoice } from './linkDomain';

export interface LinkDomainFieldProps {
  choices: LinkDomainChoice[];
  value: string | null;
  onChange: (domain: string | null) => void;
}

export function LinkDomainField({ choices, value, onChange }: LinkDomainFieldProps) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('linkForm.fields.domain')}
      hint={t('linkForm.fields.domainHint')}
      fieldClassName="span-2"
      name="domain"
      value={value ?? ''}
      // The default domain is the choice of no domain ('').
      choices={choices.map((choice) => [choice.domain ?? '', choice.label])}
      onValueChange={(domain) => onChange(domain === '' ? null : domain)}
    />
  );
}
