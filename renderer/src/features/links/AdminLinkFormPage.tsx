/** /admin/create and /admin/edit/{linkId} (docs/api.md#pages): shells around the one link form. */
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { Link } from '../../../../redirector/contract';
import { useShortLinkBase } from '../../api/account';
import { ApiError, errorMessage } from '../../api/client';
import { useLink, useLinkCalls } from '../../api/links';
import { Banner } from '../../components/Banner';
import { Button, ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { PageHeader } from '../../components/PageHeader';
import { LoadingState } from '../../components/Spinner';
import { linkHostOfBase, shortUrlText } from '../../format/shortUrl';
import { i18next } from '../../i18n';
import { LinkForm } from './LinkForm';
import { changedFields, linkFormFromLink, linkInputFromForm, newLinkForm } from './linkForm';
import { adminLinkFormTexts } from './linkFormTexts';
import { useLinkForm } from './useLinkForm';

type Mode = 'create' | 'edit';

export function LinkFormPage({ mode }: { mode: Mode }) {
  const { linkId } = useParams();
  const { t } = useTranslation();
  const { link, error } = useLink(mode === 'edit' ? linkId : undefined);
  return (
    <div className="stack" style={{ maxWidth: 760 }}>
      <PageHeader
        title={t(mode === 'create' ? 'linkForm.admin.createTitle' : 'linkForm.admin.editTitle')}
        subtitle={t(mode === 'create' ? 'linkForm.admin.createSubtitle' : 'linkForm.admin.editSubtitle')}
      />
      {mode === 'edit' && error ? (
        <Banner
          tone="error"
          title={error}
          actions={<ButtonLink to="/admin/links">{t('linkForm.admin.back')}</ButtonLink>}
        />
      ) : mode === 'edit' && !link ? (
        <LoadingState message={t('linkForm.admin.loading')} />
      ) : (
        <AdminLinkForm key={link?.id ?? 'new'} original={link} />
      )}
    </div>
  );
}

/** The server's words, else the spec's failure text (the network's too: the console has the details). */
function failureText(error: unknown, creating: boolean): string {
  console.error(error);
  const fallback = i18next.t(creating ? 'linkForm.admin.createFailed' : 'linkForm.admin.updateFailed');
  return error instanceof ApiError && error.isNetworkError
    ? fallback
    : errorMessage(error, fallback, { orStatus: true });
}

function AdminLinkForm({ original }: { original: Link | undefined }) {
  const { t } = useTranslation();
  const texts = adminLinkFormTexts();
  const calls = useLinkCalls();
  const navigate = useNavigate();
  const base = useShortLinkBase();
  const form = useLinkForm({
    initial: () => (original ? linkFormFromLink(original) : newLinkForm()),
    editing: original !== undefined,
    texts,
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
        texts={texts}
        shortCodePrefix={prefix ?? `${linkHostOfBase(base).domain}/`}
        shortCodeNote={
          <>
            <p className="field__hint">
              {original ? t('linkForm.admin.fixedCode') : ''}
              {t('linkForm.admin.fullLink')}
            </p>
            <output className="link-preview" aria-label={t('linkForm.admin.fullLinkLabel')}>
              {fullLink}
            </output>
          </>
        }
      >
        <div className="form-actions">
          <ButtonLink to="/admin/links">{t('common.cancel')}</ButtonLink>
          <Button type="submit" variant="primary" loading={submitting}>
            {original
              ? t(submitting ? 'common.saving' : 'linkForm.admin.save')
              : t(submitting ? 'common.creating' : 'linkForm.admin.create')}
          </Button>
        </div>
      </LinkForm>
    </Card>
  );
}
