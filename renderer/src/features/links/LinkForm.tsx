/**
 * The one link form (docs/api.md#pages, "Create/Edit form"): the admin create and edit pages and the
 * user's dialog are shells around it, each with its own words and actions.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { randomShortCode } from '../../../../redirector/contract';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { ConversionFields } from './ConversionFields';
import { LinkControlFields } from './LinkControlFields';
import { LinkFormOption as Option } from './LinkFormOption';
import { LinkOptionsFields } from './LinkOptionsFields';
import type { LinkFormTexts } from './linkFormTexts';
import { linkOptionTexts } from './linkOptionTexts';
import { UtmFields } from './UtmFields';
import type { LinkFormState } from './useLinkForm';

export interface LinkFormProps {
  form: LinkFormState;
  texts: LinkFormTexts;
  id?: string;
  /** Shown before the short code input, e.g. 'me.example/'. */
  shortCodePrefix: string;
  /** Below the short code input (the admin's full-link preview). */
  shortCodeNote?: ReactNode;
  /** At the end of the form (the admin page's buttons; the dialog has them in its footer). */
  children?: ReactNode;
  /** First in the grid: the user's choice of domain, when they have a verified one. */
  domainField?: ReactNode;
}

export function LinkForm({ form, texts, id, shortCodePrefix, shortCodeNote, children, domainField }: LinkFormProps) {
  const { t } = useTranslation();
  const { placeholders } = texts;
  const shortCode = <ShortCodeInput form={form} texts={texts} prefix={shortCodePrefix} note={shortCodeNote} />;
  /** A field of the grid's full width, named and labelled after its form field. */
  const wideField = (name: 'title' | 'target_url' | 'tags', labelKey: 'title' | 'targetUrl' | 'tags', more: object) => (
    <TextField
      label={t(`linkForm.fields.${labelKey}`)}
      placeholder={placeholders[name]}
      {...form.field(name)}
      fieldClassName="span-2"
      {...more}
    />
  );
  const title = wideField('title', 'title', { optional: true });
  // The dialog asks for the destination first (docs/api.md#pages): it is the one thing a new link needs.
  const target = wideField('target_url', 'targetUrl', {
    type: 'url',
    required: true,
    autoFocus: texts.destinationFirst,
  });
  return (
    <form id={id} ref={form.formRef} className="form" noValidate onSubmit={form.submit}>
      {form.serverError ? <Banner tone="error">{form.serverError}</Banner> : null}
      <div className="form-grid">
        {domainField}
        {texts.destinationFirst ? target : title}
        {texts.destinationFirst ? shortCode : target}
        {texts.destinationFirst ? title : shortCode}
        {wideField('tags', 'tags', {
          optional: true,
          hint: linkOptionTexts().tagsHint,
          autoComplete: 'off',
          spellCheck: false,
        })}
      </div>
      <UtmFields form={form} />
      <LinkFormOptions form={form} texts={texts} />
      {children}
    </form>
  );
}

interface ShortCodeInputProps {
  form: LinkFormState;
  texts: LinkFormTexts;
  prefix: string;
  note?: ReactNode;
}

/**
 * The short code input: a new link's comes prefilled with a random code and Regenerate beside it
 * (on both screens, CONTRACT §18); the admin's full-link preview below when given.
 */
function ShortCodeInput({ form, texts, prefix, note }: ShortCodeInputProps) {
  const { t } = useTranslation();
  const { values, errors, editing, set } = form;
  const { placeholders } = texts;
  const input = (
    <TextField
      label={t('linkForm.fields.shortCode')}
      name="short_code"
      required
      placeholder={placeholders.short_code}
      prefix={prefix}
      value={values.short_code}
      // Short codes never hold spaces: pasted ones are dropped as typed.
      onValueChange={(value) => set('short_code', value.trim())}
      disabled={editing}
      error={errors.short_code}
      hint={texts.shortCodeHint?.[editing ? 'edit' : 'create']}
      autoComplete="off"
      spellCheck={false}
      fieldClassName="grow"
    />
  );
  return (
    <div className="field span-2">
      <div className="row short-code-row">
        {input}
        {editing ? null : (
          <Button icon="refresh" onClick={() => set('short_code', randomShortCode())} style={{ minHeight: 42 }}>
            {t('linkForm.regenerate')}
          </Button>
        )}
      </div>
      {note}
    </div>
  );
}

/** The options of a link: forward query, the in-app and country redirects, and the rest. */
function LinkFormOptions({ form, texts }: { form: LinkFormState; texts: LinkFormTexts }) {
  const { t } = useTranslation();
  const { placeholders } = texts;
  const options = linkOptionTexts();
  return (
    <fieldset className="fieldset">
      <legend>{texts.legend}</legend>
      <Option form={form} flag="forward_query" texts={options.forwardQuery} />
      <Option form={form} flag="enable_tiktok_bypass" texts={options.tiktok} />
      {/* The two redirects that ask for an address while on. */}
      {(
        [
          ['enable_country_redirect', options.country, 'country_redirect_url', t('linkForm.fields.redirectUrl')],
          ['enable_instagram_exit', options.instagram, 'instagram_exit_url', t('linkForm.fields.exitUrl')],
        ] as const
      ).map(([flag, optionTexts, name, label]) => (
        <Option
          key={flag}
          form={form}
          flag={flag}
          texts={optionTexts}
          address={{ name, label, placeholder: placeholders[name] }}
        />
      ))}
      <LinkOptionsFields form={form} />
      <ConversionFields form={form} />
      <LinkControlFields form={form} />
    </fieldset>
  );
}
