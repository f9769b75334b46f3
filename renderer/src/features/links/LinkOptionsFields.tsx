/** The link options' sections of the one link form: expiry and click limit, password, devices, countries. */
import { type ReactNode, useState } from 'react';
import { TextField } from '../../components/Field';
import { GeoTargetsField } from './GeoTargetsField';
import { LinkFormSection, ListFormSection, TextFieldsSection } from './LinkFormSection';
import { isPastExpiry, type LinkOptionField } from './linkOptions';
import { linkOptionTexts } from './linkOptionTexts';
import { PasswordOption } from './PasswordOption';
import type { LinkFormState } from './useLinkForm';

type UrlField = (
  name: 'expired_url' | 'ios_url' | 'android_url',
  label: string,
  placeholder: string,
  hint?: string,
) => ReactNode;

export function LinkOptionsFields({ form }: { form: LinkFormState }) {
  const TEXTS = linkOptionTexts();
  const { values, errors, set } = form;
  // Sections holding a value start open.
  const [initial] = useState(values);
  const anyError = (...fields: LinkOptionField[]) => fields.some((field) => errors[field]);
  const urlField: UrlField = (name, label, placeholder, hint) => (
    <TextField
      label={label}
      name={name}
      type="url"
      optional
      placeholder={placeholder}
      value={values[name]}
      onValueChange={(value) => set(name, value)}
      error={errors[name]}
      hint={hint}
      fieldClassName="span-2"
    />
  );
  return (
    <>
      <ExpirySection form={form} urlField={urlField} />
      <LinkFormSection
        title={TEXTS.password.title}
        state={values.has_password ? TEXTS.password.protected : undefined}
        open={initial.has_password}
        invalid={anyError('password')}
      >
        <PasswordOption form={form} />
      </LinkFormSection>
      <TextFieldsSection title={TEXTS.devices.title} form={form} fields={['ios_url', 'android_url']}>
        <p className="field__hint">{TEXTS.devices.hint}</p>
        <div className="form-grid">
          {urlField('ios_url', TEXTS.devices.ios, TEXTS.devices.iosPlaceholder)}
          {urlField('android_url', TEXTS.devices.android, TEXTS.devices.androidPlaceholder)}
        </div>
      </TextFieldsSection>
      <ListFormSection title={TEXTS.geo.title} form={form} initial={initial} field="geo_targets">
        <GeoTargetsField form={form} />
      </ListFormSection>
    </>
  );
}

/** Expiry and click limit, with a warning as soon as the expiry date is in the past. */
function ExpirySection({ form, urlField }: { form: LinkFormState; urlField: UrlField }) {
  const TEXTS = linkOptionTexts();
  const { values } = form;
  // A page for expired links alone does not make the link expire.
  return (
    <TextFieldsSection
      title={TEXTS.expiry.title}
      form={form}
      fields={['expires_at', 'max_clicks', 'expired_url']}
      setBy={['expires_at', 'max_clicks']}
    >
      <div className="form-grid">
        <TextField
          label={TEXTS.expiry.expiresAt}
          type="datetime-local"
          optional
          {...form.field('expires_at')}
          hint={TEXTS.expiry.expiresAtHint}
        />
        {isPastExpiry(values.expires_at) ? (
          <p className="span-2 form-warning" role="status" data-testid="past-expiry-warning">
            {TEXTS.expiry.pastWarning}
          </p>
        ) : null}
        <TextField
          label={TEXTS.expiry.maxClicks}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          optional
          {...form.field('max_clicks')}
          hint={TEXTS.expiry.maxClicksHint}
        />
        {urlField(
          'expired_url',
          TEXTS.expiry.expiredUrl,
          TEXTS.expiry.expiredUrlPlaceholder,
          TEXTS.expiry.expiredUrlHint,
        )}
      </div>
    </TextFieldsSection>
  );
}
