/** /admin/create and /admin/edit/{linkId} (spec §2): the same form; the short code is fixed when editing. */
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { Link } from '../../../../redirector/contract';
import { ApiError } from '../../api/client';
import { useAdminCalls } from '../../api/useAdminCalls';
import { useShortLinkBase } from '../../api/useShortLinkBase';
import { Banner } from '../../components/Banner';
import { Button, ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { cx } from '../../components/cx';
import { Checkbox, TextField } from '../../components/Field';
import { LoadingState } from '../../components/Spinner';
import { PageHeader } from '../admin/PageHeader';
import {
  changedFields,
  emptyLinkForm,
  type LinkFormErrors,
  type LinkFormValues,
  linkToForm,
  randomShortCode,
  toLinkInput,
  validateLinkForm,
} from './adminLinkForm';

export const CREATE_FAILED = 'Failed to create link. Please check the browser console for details.';

type Mode = 'create' | 'edit';

export function LinkFormPage({ mode }: { mode: Mode }) {
  const { linkId } = useParams();
  const location = useLocation();
  const calls = useAdminCalls();
  const passed = (location.state as { link?: Link } | null)?.link;
  const [original, setOriginal] = useState<Link | undefined>(
    mode === 'edit' && passed && String(passed.id) === linkId ? passed : undefined,
  );
  const [loadError, setLoadError] = useState<string | null>(null);

  // Editing opened by URL alone: find the link in the list (there is no single-link admin call).
  useEffect(() => {
    if (mode !== 'edit' || original) return;
    const controller = new AbortController();
    calls.listLinks(controller.signal).then(
      (links) => {
        const link = links.find((candidate) => String(candidate.id) === linkId);
        if (link) setOriginal(link);
        else setLoadError('Link not found');
      },
      (error: unknown) => {
        if ((error as Error).name !== 'AbortError') setLoadError('Failed to load link');
      },
    );
    return () => controller.abort();
  }, [mode, original, linkId, calls]);

  const title = mode === 'create' ? 'Create Link' : 'Edit Link';
  return (
    <div className="admin-section" style={{ maxWidth: 760 }}>
      <PageHeader
        title={title}
        subtitle={mode === 'create' ? 'A new short link with optional redirect rules.' : 'Change where this link goes.'}
      />
      {mode === 'edit' && loadError ? (
        <Banner tone="error" title={loadError} actions={<ButtonLink to="/admin/links">Back to links</ButtonLink>} />
      ) : mode === 'edit' && !original ? (
        <LoadingState message="Loading link..." />
      ) : (
        <LinkForm key={original?.id ?? 'new'} mode={mode} original={original} />
      )}
    </div>
  );
}

function LinkForm({ mode, original }: { mode: Mode; original: Link | undefined }) {
  const calls = useAdminCalls();
  const navigate = useNavigate();
  const [values, setValues] = useState<LinkFormValues>(() => (original ? linkToForm(original) : emptyLinkForm()));
  const [errors, setErrors] = useState<LinkFormErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const base = useShortLinkBase();
  const host = base.replace(/^https?:\/\//, '');

  const set = <K extends keyof LinkFormValues>(name: K, value: LinkFormValues[K]) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    if (errors[name]) setErrors((previous) => ({ ...previous, [name]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateLinkForm(values, mode);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    setSubmitError(null);
    try {
      if (mode === 'create') await calls.createLink(toLinkInput(values));
      else if (original) {
        const update = changedFields(original, values);
        if (Object.keys(update).length > 0) await calls.updateLink(original.id, update);
      }
      navigate('/admin/links');
    } catch (error) {
      console.error(error);
      const serverMessage = error instanceof ApiError && error.status > 0 ? error.message : null;
      setSubmitError(serverMessage ?? (mode === 'create' ? CREATE_FAILED : 'Failed to update link'));
      setSubmitting(false);
    }
  };

  return (
    <Card>
      <form className="form" onSubmit={submit} noValidate>
        {submitError ? <Banner tone="error">{submitError}</Banner> : null}
        <TextField
          label="Title"
          optional
          name="title"
          placeholder="My summer campaign"
          value={values.title}
          onValueChange={(value) => set('title', value)}
        />
        <TextField
          label="Target URL"
          required
          type="url"
          name="target_url"
          placeholder="https://example.com/page"
          value={values.target_url}
          error={errors.target_url}
          onValueChange={(value) => set('target_url', value)}
        />
        <div className="field">
          <div className="row" style={{ alignItems: 'flex-end', flexWrap: 'nowrap' }}>
            <TextField
              fieldClassName="grow"
              label="Short Code"
              required
              name="short_code"
              prefix={`${host}/`}
              value={values.short_code}
              disabled={mode === 'edit'}
              error={errors.short_code}
              onValueChange={(value) => set('short_code', value.trim())}
            />
            {mode === 'create' ? (
              <Button icon="refresh" onClick={() => set('short_code', randomShortCode())} style={{ minHeight: 42 }}>
                Regenerate
              </Button>
            ) : null}
          </div>
          <p className="field__hint">{mode === 'edit' ? 'The short code cannot change. ' : ''}Full link:</p>
          <output className="link-preview" aria-label="Full link">
            {base}/{values.short_code}
          </output>
        </div>
        <fieldset className="fieldset">
          <legend>Redirect options</legend>
          <Option on={values.enable_tiktok_bypass}>
            <Checkbox
              label="TikTok bypass page"
              hint="Visitors inside TikTok's browser see how to open the link in their own browser."
              checked={values.enable_tiktok_bypass}
              onCheckedChange={(checked) => set('enable_tiktok_bypass', checked)}
            />
          </Option>
          <Option
            on={values.enable_country_redirect}
            reveal={
              <TextField
                label="Redirect URL"
                required
                type="url"
                name="country_redirect_url"
                value={values.country_redirect_url}
                error={errors.country_redirect_url}
                onValueChange={(value) => set('country_redirect_url', value)}
              />
            }
          >
            <Checkbox
              label="Third-world country redirect"
              hint="Visitors from developing countries go to another address."
              checked={values.enable_country_redirect}
              onCheckedChange={(checked) => set('enable_country_redirect', checked)}
            />
          </Option>
          <Option
            on={values.enable_instagram_exit}
            reveal={
              <TextField
                label="Exit URL"
                required
                type="url"
                name="instagram_exit_url"
                placeholder="https://example.com/from-instagram"
                value={values.instagram_exit_url}
                error={errors.instagram_exit_url}
                onValueChange={(value) => set('instagram_exit_url', value)}
              />
            }
          >
            <Checkbox
              label="Instagram exit redirect"
              hint="Visitors inside Instagram's browser go to the exit address."
              checked={values.enable_instagram_exit}
              onCheckedChange={(checked) => set('enable_instagram_exit', checked)}
            />
          </Option>
        </fieldset>
        <div className="form-actions">
          <ButtonLink to="/admin/links">Cancel</ButtonLink>
          <Button type="submit" variant="primary" loading={submitting}>
            {mode === 'create'
              ? submitting
                ? 'Creating...'
                : 'Create Link'
              : submitting
                ? 'Saving...'
                : 'Save Changes'}
          </Button>
        </div>
      </form>
    </Card>
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
