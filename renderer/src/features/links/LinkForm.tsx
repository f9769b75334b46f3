/**
 * The one link form (product spec §2 "Create/Edit form"): the admin create and edit pages and the
 * user's dialog are shells around it, each with its own words and actions.
 */
import type { ReactNode } from 'react';
import { Banner } from '../../components/Banner';
import { cx } from '../../components/cx';
import { Checkbox, TextField } from '../../components/Field';
import type { LinkFormTexts } from './linkFormTexts';
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
}

export function LinkForm({
  form,
  texts,
  id,
  shortCodePrefix,
  shortCodeAction,
  shortCodeNote,
  children,
}: LinkFormProps) {
  const { values, errors, editing, set } = form;
  const { placeholders } = texts;
  const shortCodeField = (
    <TextField
      label="Short Code"
      name="short_code"
      required
      placeholder={placeholders.short_code}
      prefix={shortCodePrefix}
      value={values.short_code}
      // Short codes never hold spaces: pasted ones are dropped as typed.
      onValueChange={(value) => set('short_code', value.trim())}
      disabled={editing}
      error={errors.short_code}
      hint={texts.shortCodeHint?.[editing ? 'edit' : 'create']}
      autoComplete="off"
      spellCheck={false}
      autoFocus={texts.shortCodeFirst && !editing}
      fieldClassName={shortCodeAction || shortCodeNote ? 'grow' : 'span-2'}
    />
  );
  const shortCode =
    shortCodeAction || shortCodeNote ? (
      <div className="field span-2">
        <div className="row" style={{ alignItems: 'flex-end', flexWrap: 'nowrap' }}>
          {shortCodeField}
          {editing ? null : shortCodeAction}
        </div>
        {shortCodeNote}
      </div>
    ) : (
      shortCodeField
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
        {texts.shortCodeFirst ? shortCode : title}
        <TextField
          label="Target URL"
          name="target_url"
          type="url"
          required
          placeholder={placeholders.target_url}
          value={values.target_url}
          onValueChange={(value) => set('target_url', value)}
          error={errors.target_url}
          autoFocus={texts.shortCodeFirst && editing}
          fieldClassName="span-2"
        />
        {texts.shortCodeFirst ? title : shortCode}
      </div>
      <fieldset className="fieldset">
        <legend>{texts.legend}</legend>
        <Option on={values.enable_tiktok_bypass}>
          <Checkbox
            label={texts.tiktok.label}
            hint={texts.tiktok.hint}
            checked={values.enable_tiktok_bypass}
            onCheckedChange={(checked) => set('enable_tiktok_bypass', checked)}
          />
        </Option>
        <Option
          on={values.enable_country_redirect}
          reveal={
            <TextField
              label="Redirect URL"
              name="country_redirect_url"
              type="url"
              required
              placeholder={placeholders.country_redirect_url}
              value={values.country_redirect_url}
              onValueChange={(value) => set('country_redirect_url', value)}
              error={errors.country_redirect_url}
            />
          }
        >
          <Checkbox
            label={texts.country.label}
            hint={texts.country.hint}
            checked={values.enable_country_redirect}
            onCheckedChange={(checked) => set('enable_country_redirect', checked)}
          />
        </Option>
        <Option
          on={values.enable_instagram_exit}
          reveal={
            <TextField
              label="Exit URL"
              name="instagram_exit_url"
              type="url"
              required
              placeholder={placeholders.instagram_exit_url}
              value={values.instagram_exit_url}
              onValueChange={(value) => set('instagram_exit_url', value)}
              error={errors.instagram_exit_url}
            />
          }
        >
          <Checkbox
            label={texts.instagram.label}
            hint={texts.instagram.hint}
            checked={values.enable_instagram_exit}
            onCheckedChange={(checked) => set('enable_instagram_exit', checked)}
          />
        </Option>
      </fieldset>
      {children}
    </form>
  );
}

function Option({ on, children, reveal }: { on: boolean; children: ReactNode; reveal?: ReactNode }) {
  return (
    <div className={cx('option', on && 'option--on')}>
      {children}
      {on && reveal ? <div className="option__reveal">{reveal}</div> : null}
    </div>
  );
}
