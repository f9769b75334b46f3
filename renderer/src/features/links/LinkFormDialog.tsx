/**
 * The user's create or edit dialog over the dashboard: a shell around the one link form, with the
 * choice of domain when the user has a verified one (docs/api.md#custom-domains).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Link } from '../../../../redirector/contract';
import { errorMessage } from '../../api/client';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { LinkDomainField } from './LinkDomainField';
import { LinkForm } from './LinkForm';
import { initialLinkDomain, type LinkDomains, linkDomainChoices, shortCodePrefix } from './linkDomain';
import { type LinkFormValues, linkFormFromLink, newLinkForm } from './linkForm';
import { userLinkFormTexts } from './linkFormTexts';
import { useLinkForm } from './useLinkForm';

export interface LinkFormDialogProps {
  /** The link being edited, or null to create one. */
  link: Link | null;
  /** The default domain and the user's verified one. */
  domains: LinkDomains;
  onClose: () => void;
  /**
   * Sends the body; rejects with an ApiError on failure. `domain`: the chosen one (null: the
   * default domain); undefined when there was nothing to choose.
   */
  onSubmit: (values: LinkFormValues, link: Link | null, domain: string | null | undefined) => Promise<void>;
}

export function LinkFormDialog({ link, domains, onClose, onSubmit }: LinkFormDialogProps) {
  const { t } = useTranslation();
  const texts = userLinkFormTexts();
  const editing = link !== null;
  const [domain, setDomain] = useState(() => initialLinkDomain(domains, link));
  const choices = domain === undefined ? null : linkDomainChoices(domains);
  const form = useLinkForm({
    initial: () => (link ? linkFormFromLink(link) : newLinkForm()),
    editing,
    texts,
    onSubmit: (values) => onSubmit(values, link, domain),
    failureText: (error) => errorMessage(error, t('linkForm.user.saveFailed')),
  });
  const { submitting } = form;
  const formId = editing ? 'edit-link-form' : 'create-link-form';
  return (
    <Dialog
      open
      onClose={() => {
        if (!submitting) onClose();
      }}
      title={t(editing ? 'linkForm.user.editTitle' : 'linkForm.user.createTitle')}
      description={t(editing ? 'linkForm.user.editDescription' : 'linkForm.user.createDescription')}
      footer={
        <>
          <Button onClick={onClose} disabled={submitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="primary" loading={submitting}>
            {editing
              ? t(submitting ? 'common.updating' : 'linkForm.user.update')
              : t(submitting ? 'common.creating' : 'linkForm.user.create')}
          </Button>
        </>
      }
    >
      <LinkForm
        form={form}
        texts={texts}
        id={formId}
        shortCodePrefix={shortCodePrefix(domains, domain, link)}
        domainField={
          choices && domain !== undefined ? (
            <LinkDomainField choices={choices} value={domain} onChange={setDomain} />
          ) : undefined
        }
      />
    </Dialog>
  );
}
