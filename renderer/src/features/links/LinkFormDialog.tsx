/** The user's create or edit dialog over the dashboard: a shell around the one link form. */
import type { Link } from '../../../../redirector/contract';
import { errorMessage } from '../../api/client';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { LinkForm } from './LinkForm';
import { emptyLinkForm, type LinkFormValues, linkFormFromLink } from './linkForm';
import { USER_LINK_FORM_TEXTS } from './linkFormTexts';
import { useLinkForm } from './useLinkForm';

export interface LinkFormDialogProps {
  /** The link being edited, or null to create one. */
  link: Link | null;
  /** Shown before the short code input, e.g. 'me.example/'. */
  domain: string;
  onClose: () => void;
  /** Sends the body; rejects with an ApiError on failure. */
  onSubmit: (values: LinkFormValues, link: Link | null) => Promise<void>;
}

export function LinkFormDialog({ link, domain, onClose, onSubmit }: LinkFormDialogProps) {
  const editing = link !== null;
  const form = useLinkForm({
    initial: () => (link ? linkFormFromLink(link) : emptyLinkForm()),
    editing,
    texts: USER_LINK_FORM_TEXTS,
    onSubmit: (values) => onSubmit(values, link),
    failureText: (error) => errorMessage(error, 'Failed to save link'),
  });
  const { submitting } = form;
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
      <LinkForm form={form} texts={USER_LINK_FORM_TEXTS} id={formId} shortCodePrefix={`${domain}/`} />
    </Dialog>
  );
}
