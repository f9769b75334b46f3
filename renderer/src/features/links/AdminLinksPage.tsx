/**
 * /admin/links (docs/api.md#pages, "Admin links list"): every link of the service one page at a time, with
 * search, tag filter, sort and the list state in the address; Export and Import.
 */

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Link } from '../../../../redirector/contract';
import { ApiError, networkErrorText } from '../../api/client';
import { useLinkCalls, useLinksPage, useTags } from '../../api/links';
import { ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { ConfirmDialog } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { ErrorPanel } from '../../components/ErrorPanel';
import { PageHeader } from '../../components/PageHeader';
import { i18next } from '../../i18n';
import { localiseMessage } from '../../i18n/messages';
import { ImportButton } from './importWizard/ImportButton';
import { LinkCsvActions } from './LinkCsvActions';
import { LinkList } from './LinkList';
import { useLinkListQuery } from './linkListQuery';

/** The list call's failure as the spec words it ('Failed to fetch links: {status} {body}'). */
export function linksErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return networkErrorText();
    return i18next.t('links.admin.fetchFailedStatus', {
      status: error.status,
      message: localiseMessage(error.message),
    });
  }
  return i18next.t('links.admin.fetchFailed');
}

export function LinksPage() {
  const { t } = useTranslation();
  const calls = useLinkCalls();
  const { query, update } = useLinkListQuery();
  const links = useLinksPage(query);
  const tags = useTags();
  const [toDelete, setToDelete] = useState<Link | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    setDeleteError(null);
    try {
      await calls.remove(toDelete.id);
      links.reload();
      tags.reload();
      setToDelete(null);
    } catch {
      setDeleteError(t('links.delete.failed'));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <div className="stack">
      <PageHeader
        title={t('links.admin.title')}
        subtitle={t('links.admin.subtitle')}
        actions={
          <>
            <LinkCsvActions calls={calls} reloads={[links.reload, tags.reload]} />
            <ImportButton reloads={[links.reload, tags.reload]} />
            <ButtonLink to="/admin/create" variant="primary" icon="plus">
              {t('links.admin.create')}
            </ButtonLink>
          </>
        }
      />
      {links.error ? (
        <ErrorPanel
          title={t('links.admin.loadFailed')}
          message={linksErrorMessage(links.error)}
          onRetry={links.reload}
        />
      ) : (
        <Card flush>
          <LinkList
            query={query}
            onQuery={update}
            page={links.data}
            tags={tags.data?.tags ?? []}
            variant="admin"
            bulk={{
              run: calls.bulk,
              onDone: () => {
                links.reload();
                tags.reload();
              },
            }}
            empty={
              <EmptyState
                title={t('links.admin.empty')}
                action={
                  <ButtonLink to="/admin/create" variant="primary" icon="plus">
                    {t('links.admin.createFirst')}
                  </ButtonLink>
                }
              />
            }
            actions={(link) => ({
              analytics: { to: `/admin/link/${link.id}` },
              edit: { to: `/admin/edit/${link.id}`, state: { link } },
              onDelete: () => setToDelete(link),
              copiedNote: true,
            })}
          />
        </Card>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('links.delete.title')}
        message={t('links.delete.adminQuestion')}
        confirmLabel={t('common.delete')}
        busyLabel={t('common.deleting')}
        busy={deleting}
        error={deleteError}
        onConfirm={confirmDelete}
        onCancel={() => {
          setToDelete(null);
          setDeleteError(null);
        }}
      />
    </div>
  );
}
