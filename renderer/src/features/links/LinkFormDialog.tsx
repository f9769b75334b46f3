/** Create or edit a link (product spec §2 "Create/Edit form"), in a dialog over the dashboard. */
import { type FormEvent, useRef, useState } from 'react';
import type { Link } from '../../../../redirector/contract';
import { errorMessage } from '../../api/client';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { cx } from '../../components/cx';
import { Dialog } from '../../components/Dialog';
import { Checkbox, TextField } from '../../components/Field';
import {
  DEFAULT_COUNTRY_REDIRECT_URL,
  emptyLinkForm,
  type LinkFormErrors,
  type LinkFormValues,
  linkFormFromLink,
  validateLinkForm,
} from './linkForm';

export interface LinkFormDialogProps {
  /** The link being edited, or null to create one. */
  link: Link | null;
  /** Shown before the short code input, e.g. 'me.example/'. */
  domain: string;
  onClose: () => void;
  /** Sends the body; rejects with an ApiError on failure. */
  onSubmit: (values: LinkFormValues, link: Link | null) => Promise<void>;
}

const ERROR_ORDER: (keyof LinkFormErrors)[] = [
  'short_code',
  'target_url',
  'country_redirect_url',
  'instagram_exit_url',
];

export function LinkFormDialog({ link, domain, onClose, onSubmit }: LinkFormDialogProps) {
  const editing = link !== null;
  const [values, setValues] = useState<LinkFormValues>(() => (link ? linkFormFromLink(link) : emptyLinkForm()));
  const [errors, setErrors] = useState<LinkFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const setText = (field: keyof LinkFormValues & keyof LinkFormErrors) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const found = validateLinkForm(values, editing);
    setErrors(found);
    const first = ERROR_ORDER.find((field) => found[field]);
    if (first) {
      formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(values, link);
    } catch (error) {
      setServerError(errorMessage(error, 'Failed to save link'));
      setSubmitting(false);
    }
  };

  const formId = editing ? 'edit-link-form' : 'create-link-form';
  return (
    <Dialog
      open
      onClose={() => {
        if (!submitting) onClose();
      }}
      title={editing ? 'Edit Link' : 'Create New Link'}
      description={
        editing ? 'Change where this link goes and how it behaves.' : 'Shorten a long address and track every click.'
      }
      footer={
        <>
          <Button onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="primary" loading={submitting}>
            {editing ? (submitting ? 'Updating...' : 'Update Link') : submitting ? 'Creating...' : 'Create Link'}
          </Button>
        </>
      }
    >
      <form id={formId} ref={formRef} className="form" noValidate onSubmit={submit}>
        {serverError ? <Banner tone="error">{serverError}</Banner> : null}
        <div className="form-grid">
          <TextField
            label="Short Code"
            name="short_code"
            required
            placeholder="my-link"
            prefix={`${domain}/`}
            value={values.short_code}
            onValueChange={setText('short_code')}
            disabled={editing}
            error={errors.short_code}
            hint={editing ? "Short codes can't be changed." : 'Letters, numbers, hyphens and underscores.'}
            autoComplete="off"
            spellCheck={false}
            autoFocus={!editing}
            fieldClassName="span-2"
          />
          <TextField
            label="Target URL"
            name="target_url"
            type="url"
            required
            placeholder="https://example.com/a/long/address"
            value={values.target_url}
            onValueChange={setText('target_url')}
            error={errors.target_url}
            autoFocus={editing}
            fieldClassName="span-2"
          />
          <TextField
            label="Title"
            name="title"
            optional
            placeholder="My awesome link"
            value={values.title}
            onValueChange={(value) => setValues((current) => ({ ...current, title: value }))}
            fieldClassName="span-2"
          />
        </div>
        <fieldset className="fieldset">
          <legend>Features</legend>
          <div className={cx('option', values.enable_tiktok_bypass && 'option--on')}>
            <Checkbox
              label="Enable TikTok Bypass"
              hint="Visitors inside TikTok see how to open the link in their browser."
              checked={values.enable_tiktok_bypass}
              onCheckedChange={(checked) => setValues((current) => ({ ...current, enable_tiktok_bypass: checked }))}
            />
          </div>
          <div className={cx('option', values.enable_country_redirect && 'option--on')}>
            <Checkbox
              label="Enable Country Redirect"
              hint="Visitors from developing countries go to another address."
              checked={values.enable_country_redirect}
              onCheckedChange={(checked) =>
                setValues((current) => ({
                  ...current,
                  enable_country_redirect: checked,
                  country_redirect_url:
                    checked && current.country_redirect_url.trim() === ''
                      ? DEFAULT_COUNTRY_REDIRECT_URL
                      : current.country_redirect_url,
                }))
              }
            />
            {values.enable_country_redirect ? (
              <div className="option__reveal">
                <TextField
                  label="Redirect URL"
                  name="country_redirect_url"
                  type="url"
                  required
                  placeholder="https://www.google.com/"
                  value={values.country_redirect_url}
                  onValueChange={setText('country_redirect_url')}
                  error={errors.country_redirect_url}
                />
              </div>
            ) : null}
          </div>
          <div className={cx('option', values.enable_instagram_exit && 'option--on')}>
            <Checkbox
              label="Enable Instagram Exit"
              hint="Visitors inside Instagram go to an exit address."
              checked={values.enable_instagram_exit}
              onCheckedChange={(checked) => setValues((current) => ({ ...current, enable_instagram_exit: checked }))}
            />
            {values.enable_instagram_exit ? (
              <div className="option__reveal">
                <TextField
                  label="Exit URL"
                  name="instagram_exit_url"
                  type="url"
                  required
                  placeholder="https://example.com/instagram"
                  value={values.instagram_exit_url}
                  onValueChange={setText('instagram_exit_url')}
                  error={errors.instagram_exit_url}
                />
              </div>
            ) : null}
          </div>
        </fieldset>
      </form>
    </Dialog>
  );
}
