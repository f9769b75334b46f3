/** The link options' sections of the one link form: expiry and click limit, password, devices, countries. */
import { type ReactNode, useState } from 'react';
import { TextField } from '../../components/Field';
import { GeoTargetsField } from './GeoTargetsField';
import { LinkFormSection, ListFormSection } from './LinkFormSection';
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
  const devicesOn = values.ios_url.trim() !== '' || values.android_url.trim() !== '';
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
      <ExpirySection form={form} initial={initial} urlField={urlField} />
      <LinkFormSection
        title={TEXTS.password.title}
        state={values.has_password ? TEXTS.password.protected : undefined}
        open={initial.has_password}
        invalid={anyError('password')}
      >
        <PasswordOption form={form} />
      </LinkFormSection>
      <LinkFormSection
        title={TEXTS.devices.title}
        state={devicesOn ? TEXTS.set : undefined}
        open={initial.ios_url !== '' || initial.android_url !== ''}
        invalid={anyError('ios_url', 'android_url')}
      >
        <p className="field__hint">{TEXTS.devices.hint}</p>
        <div className="form-grid">
          {urlField('ios_url', TEXTS.devices.ios, TEXTS.devices.iosPlaceholder)}
          {urlField('android_url', TEXTS.devices.android, TEXTS.devices.androidPlaceholder)}
        </div>
      </LinkFormSection>
      <ListFormSection title={TEXTS.geo.title} form={form} initial={initial} field="geo_targets">
        <GeoTargetsField form={form} />
      </ListFormSection>
    </>
  );
}

/** Expiry and click limit, with a warning as soon as the expiry date is in the past. */
function ExpirySection({
  form,
  initial,
  urlField,
}: {
  form: LinkFormState;
  initial: LinkFormState['values'];
  urlField: UrlField;
}) {
  const TEXTS = linkOptionTexts();
  const { values, errors } = form;
  const expiryOn = values.expires_at !== '' || values.max_clicks.trim() !== '';
  const expiryValues = initial.expires_at !== '' || initial.max_clicks !== '' || initial.expired_url !== '';
  return (
    <LinkFormSection
      title={TEXTS.expiry.title}
      state={expiryOn ? TEXTS.set : undefined}
      open={expiryValues}
      invalid={Boolean(errors.expires_at || errors.max_clicks || errors.expired_url)}
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
    </LinkFormSection>
  );
}
