/**
 * The one link form (docs/api.md#pages, "Create/Edit form"): the admin create and edit pages and the
 * user's dialog are shells around it, each with its own words and actions.
 */
import type { ReactNode } from 'react';
import { Banner } from '../../components/Banner';
import { TextField } from '../../components/Field';
import { ConversionFields } from './ConversionFields';
import { LinkFormOption as Option } from './LinkFormOption';
import { LinkOptionsFields } from './LinkOptionsFields';
import type { LinkFormTexts } from './linkFormTexts';
import { LINK_OPTION_TEXTS } from './linkOptionTexts';
import { UtmFields } from './UtmFields';
import type { LinkFormState } from './useLinkForm';

export interface LinkFormProps {
  form: LinkFormState;
  texts: LinkFormTexts;
  id?: string;
  /** Shown before the short code input, e.g. 'me.example/'. */
  shortCodePrefix: string;
  /** Beside the short code input (the admin's Regenerate). */
  shortCodeAction?: ReactNode;
  /** Below the short code input (the admin's full-link preview). */
  shortCodeNote?: ReactNode;
  /** At the end of the form (the admin page's buttons; the dialog has them in its footer). */
  children?: ReactNode;
  /** First in the grid: the user's choice of domain, when they have a verified one. */
  domainField?: ReactNode;
}

export function LinkForm({
  form,
  texts,
  id,
  shortCodePrefix,
  shortCodeAction,
  shortCodeNote,
  children,
  domainField,
}: LinkFormProps) {
  const { values, editing, set } = form;
  const { placeholders } = texts;
  const shortCode = (
    <ShortCodeInput form={form} texts={texts} prefix={shortCodePrefix} action={shortCodeAction} note={shortCodeNote} />
  );
  const title = (
    <TextField
      label="Title"
      name="title"
      optional
      placeholder={placeholders.title}
      value={values.title}
      onValueChange={(value) => set('title', value)}
      fieldClassName="span-2"
    />
  );
  return (
    <form id={id} ref={form.formRef} className="form" noValidate onSubmit={form.submit}>
      {form.serverError ? <Banner tone="error">{form.serverError}</Banner> : null}
      <div className="form-grid">
        {domainField}
        {texts.shortCodeFirst ? shortCode : title}
        <TextField
          label="Target URL"
          type="url"
          required
          placeholder={placeholders.target_url}
          {...form.field('target_url')}
          autoFocus={texts.shortCodeFirst && editing}
          fieldClassName="span-2"
        />
        {texts.shortCodeFirst ? title : shortCode}
        <TextField
          label="Tags"
          optional
          placeholder={placeholders.tags}
          {...form.field('tags')}
          hint={texts.tagsHint}
          autoComplete="off"
          spellCheck={false}
          fieldClassName="span-2"
        />
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
  action?: ReactNode;
  note?: ReactNode;
}

/** The short code input, with the admin's Regenerate beside it and its preview below when given. */
function ShortCodeInput({ form, texts, prefix, action, note }: ShortCodeInputProps) {
  const { values, errors, editing, set } = form;
  const { placeholders } = texts;
  const input = (
    <TextField
      label="Short Code"
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
      autoFocus={texts.shortCodeFirst && !editing}
      fieldClassName={action || note ? 'grow' : 'span-2'}
    />
  );
  return action || note ? (
    <div className="field span-2">
      <div className="row" style={{ alignItems: 'flex-end', flexWrap: 'nowrap' }}>
        {input}
        {editing ? null : action}
      </div>
      {note}
    </div>
  ) : (
    input
  );
}

/** The options of a link: forward query, the in-app and country redirects, and the rest. */
function LinkFormOptions({ form, texts }: { form: LinkFormState; texts: LinkFormTexts }) {
  const { placeholders } = texts;
  return (
    <fieldset className="fieldset">
      <legend>{texts.legend}</legend>
      <Option form={form} flag="forward_query" texts={LINK_OPTION_TEXTS.forwardQuery} />
      <Option form={form} flag="enable_tiktok_bypass" texts={texts.tiktok} />
      <Option
        form={form}
        flag="enable_country_redirect"
        texts={texts.country}
        address={{
          name: 'country_redirect_url',
          label: 'Redirect URL',
          placeholder: placeholders.country_redirect_url,
        }}
      />
      <Option
        form={form}
        flag="enable_instagram_exit"
        texts={texts.instagram}
        address={{ name: 'instagram_exit_url', label: 'Exit URL', placeholder: placeholders.instagram_exit_url }}
      />
      <LinkOptionsFields form={form} />
      <ConversionFields form={form} />
    </fieldset>
  );
}
