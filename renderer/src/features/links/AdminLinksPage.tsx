/**
 * /admin/links (docs/api.md#pages, "Admin links list"): every link of the service one page at a time, with
 * search, tag filter, sort and the list state in the address; Export and Import.
 */

import { useState } from 'react';
import type { Link } from '../../../../redirector/contract';
import { ApiError, NETWORK_ERROR } from '../../api/client';
import { useLinkCalls, useLinksPage, useTags } from '../../api/links';
import { ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { ConfirmDialog } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { ErrorPanel } from '../../components/ErrorPanel';
import { PageHeader } from '../../components/PageHeader';
import { LinkCsvActions } from './LinkCsvActions';
import { LinkList } from './LinkList';
import { useLinkListQuery } from './linkListQuery';

export const DELETE_CONFIRMATION = 'Are you sure you want to delete this link?';

/** The list call's failure as the spec words it ('Failed to fetch links: {status} {body}'). */
export function linksErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return NETWORK_ERROR;
    return `Failed to fetch links: ${error.status} ${error.message}`;
  }
  return 'Failed to fetch links';
}

export function LinksPage() {
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
      setDeleteError('Failed to delete link');
    } finally {
      setDeleting(false);
    }
  };

  return (
    <div className="stack">
      <PageHeader
        title="Links"
        subtitle="Every short link of the service."
        actions={
          <>
            <LinkCsvActions calls={calls} reloads={[links.reload, tags.reload]} />
            <ButtonLink to="/admin/create" variant="primary" icon="plus">
              Create Link
            </ButtonLink>
          </>
        }
      />
      {links.error ? (
        <ErrorPanel title="Error Loading Links" message={linksErrorMessage(links.error)} onRetry={links.reload} />
      ) : (
        <Card flush>
          <LinkList
            query={query}
            onQuery={update}
            page={links.data}
            tags={tags.data?.tags ?? []}
            variant="admin"
            empty={
              <EmptyState
                title="No links created yet"
                action={
                  <ButtonLink to="/admin/create" variant="primary" icon="plus">
                    Create your first link
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
        title="Delete link"
        message={DELETE_CONFIRMATION}
        confirmLabel="Delete"
        busyLabel="Deleting..."
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
