/**
 * The dashboard's changes to links: the form dialog's save and the confirmed delete. An edit takes
 * its row's place; a new or deleted link changes the page, so the page loads again. `onChanged`
 * hears every change (the tag filter's counts).
 */
import { useState } from 'react';
import type { Link } from '../../../../redirector/contract';
import { errorMessage } from '../../api/client';
import { useLinkCalls, type useLinkList } from '../../api/links';
import { i18next } from '../../i18n';
import { type LinkFormValues, linkInputFromForm } from './linkForm';

type FormState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; link: Link };

export function useUserLinkEditing(list: ReturnType<typeof useLinkList>, onChanged: () => void) {
  const calls = useLinkCalls();
  const { replaceLink, reload, setError } = list;
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<{ link: Link; busy: boolean } | null>(null);

  /** `domain` undefined: the body leaves it out (a new link goes on the verified domain, an edit keeps its own). */
  const save = async (values: LinkFormValues, editing: Link | null, domain?: string | null) => {
    const input = { ...linkInputFromForm(values), ...(domain !== undefined && { domain }) };
    if (editing) replaceLink(await calls.update(editing.id, input));
    else {
      await calls.create(input);
      reload();
    }
    onChanged();
    setForm({ mode: 'closed' });
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const { link } = deleting;
    setDeleting({ link, busy: true });
    try {
      await calls.remove(link.id);
      reload();
      onChanged();
    } catch (caught) {
      setError(errorMessage(caught, i18next.t('links.delete.failed')));
    }
    setDeleting(null);
  };

  return {
    form,
    openCreate: () => setForm({ mode: 'create' }),
    openEdit: (link: Link) => setForm({ mode: 'edit', link }),
    closeForm: () => setForm({ mode: 'closed' }),
    save,
    deleting,
    askDelete: (link: Link) => setDeleting({ link, busy: false }),
    cancelDelete: () => setDeleting(null),
    confirmDelete,
  };
}
