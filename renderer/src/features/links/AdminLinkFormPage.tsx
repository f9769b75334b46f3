/** /admin/create and /admin/edit/{linkId} (docs/api.md#pages): shells around the one link form. */
import { useNavigate, useParams } from 'react-router-dom';
import { type Link, randomShortCode } from '../../../../redirector/contract';
import { useShortLinkBase } from '../../api/account';
import { ApiError, errorMessage } from '../../api/client';
import { useLink, useLinkCalls } from '../../api/links';
import { Banner } from '../../components/Banner';
import { Button, ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { PageHeader } from '../../components/PageHeader';
import { LoadingState } from '../../components/Spinner';
import { linkHostOfBase, shortUrlText } from '../../format/shortUrl';
import { LinkForm } from './LinkForm';
import { changedFields, emptyLinkForm, linkFormFromLink, linkInputFromForm } from './linkForm';
import { ADMIN_LINK_FORM_TEXTS } from './linkFormTexts';
import { useLinkForm } from './useLinkForm';

export const CREATE_FAILED = 'Failed to create link. Please check the browser console for details.';

type Mode = 'create' | 'edit';

export function LinkFormPage({ mode }: { mode: Mode }) {
  const { linkId } = useParams();
  const { link, error } = useLink(mode === 'edit' ? linkId : undefined);
  return (
    <div className="stack" style={{ maxWidth: 760 }}>
      <PageHeader
        title={mode === 'create' ? 'Create Link' : 'Edit Link'}
        subtitle={mode === 'create' ? 'A new short link with optional redirect rules.' : 'Change where this link goes.'}
      />
      {mode === 'edit' && error ? (
        <Banner tone="error" title={error} actions={<ButtonLink to="/admin/links">Back to links</ButtonLink>} />
      ) : mode === 'edit' && !link ? (
        <LoadingState message="Loading link..." />
      ) : (
        <AdminLinkForm key={link?.id ?? 'new'} original={link} />
      )}
    </div>
  );
}

/** The server's words, else the spec's failure text (the network's too: the console has the details). */
function failureText(error: unknown, creating: boolean): string {
  console.error(error);
  const fallback = creating ? CREATE_FAILED : 'Failed to update link';
  return error instanceof ApiError && error.isNetworkError
    ? fallback
    : errorMessage(error, fallback, { orStatus: true });
}

function AdminLinkForm({ original }: { original: Link | undefined }) {
  const calls = useLinkCalls();
  const navigate = useNavigate();
  const base = useShortLinkBase();
  const form = useLinkForm({
    initial: () => (original ? linkFormFromLink(original) : emptyLinkForm({ short_code: randomShortCode() })),
    editing: original !== undefined,
    texts: ADMIN_LINK_FORM_TEXTS,
    onSubmit: async (values) => {
      if (!original) await calls.create(linkInputFromForm(values));
      else {
        const update = changedFields(original, values);
        if (Object.keys(update).length > 0) await calls.update(original.id, update);
      }
      navigate('/admin/links');
    },
    failureText: (error) => failureText(error, original === undefined),
  });
  const { values, submitting } = form;
  // A new admin link is on the default domain; an edited one (a user's too) shows its own address.
  const fullLink = original ? original.short_url : `${base}/${values.short_code}`;
  const prefix = original ? shortUrlText(original.short_url).slice(0, -original.short_code.length) : undefined;
  return (
    <Card>
      <LinkForm
        form={form}
        texts={ADMIN_LINK_FORM_TEXTS}
        shortCodePrefix={prefix ?? `${linkHostOfBase(base).domain}/`}
        shortCodeAction={
          <Button icon="refresh" onClick={() => form.set('short_code', randomShortCode())} style={{ minHeight: 42 }}>
            Regenerate
          </Button>
        }
        shortCodeNote={
          <>
            <p className="field__hint">{original ? 'The short code cannot change. ' : ''}Full link:</p>
            <output className="link-preview" aria-label="Full link">
              {fullLink}
            </output>
          </>
        }
      >
        <div className="form-actions">
          <ButtonLink to="/admin/links">Cancel</ButtonLink>
          <Button type="submit" variant="primary" loading={submitting}>
            {original ? (submitting ? 'Saving...' : 'Save Changes') : submitting ? 'Creating...' : 'Create Link'}
          </Button>
        </div>
      </LinkForm>
    </Card>
  );
}
