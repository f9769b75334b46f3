/** /admin/links (spec §2 "Admin links list"): every link, newest first, with its actions. */

import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Link } from '../../../../redirector/contract';
import { useLinks } from '../../api/adminQueries';
import { ApiError, NETWORK_ERROR } from '../../api/client';
import { useAdminCalls } from '../../api/useAdminCalls';
import { useShortLinkBase } from '../../api/useShortLinkBase';
import { Badge } from '../../components/Badge';
import { ButtonLink, IconLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { ConfirmDialog } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { ErrorPanel } from '../../components/ErrorPanel';
import { Icon } from '../../components/Icon';
import { LoadingState } from '../../components/Spinner';
import { formatDate } from '../../format/dates';
import { formatNumber } from '../../format/numbers';
import { PageHeader } from '../admin/PageHeader';
import { CopyLinkAction } from './CopyLinkAction';

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
  const calls = useAdminCalls();
  const links = useLinks();
  const [toDelete, setToDelete] = useState<Link | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    setDeleteError(null);
    try {
      await calls.deleteLink(toDelete.id);
      links.setData((current) => current?.filter((link) => link.id !== toDelete.id));
      setToDelete(null);
    } catch {
      setDeleteError('Failed to delete link');
    } finally {
      setDeleting(false);
    }
  };

  return (
    <div className="admin-section">
      <PageHeader
        title="Links"
        subtitle="Every short link of the service, newest first."
        actions={
          <ButtonLink to="/admin/create" variant="primary" icon="plus">
            Create Link
          </ButtonLink>
        }
      />
      {links.loading && !links.data ? (
        <LoadingState message="Loading links..." />
      ) : links.error ? (
        <ErrorPanel title="Error Loading Links" message={linksErrorMessage(links.error)} onRetry={links.reload} />
      ) : !links.data || links.data.length === 0 ? (
        <Card>
          <EmptyState
            title="No links created yet"
            action={
              <ButtonLink to="/admin/create" variant="primary" icon="plus">
                Create your first link
              </ButtonLink>
            }
          />
        </Card>
      ) : (
        <Card flush>
          <div className="table-wrap">
            <table className="table table--stack">
              <thead>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col">Short URL</th>
                  <th scope="col" className="num">
                    Clicks
                  </th>
                  <th scope="col">Created</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {links.data.map((link) => (
                  <LinkRow key={link.id} link={link} onDelete={() => setToDelete(link)} />
                ))}
              </tbody>
            </table>
          </div>
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

function LinkRow({ link, onDelete }: { link: Link; onDelete: () => void }) {
  const url = `${useShortLinkBase()}/${link.short_code}`;
  return (
    <tr data-testid={`link-row-${link.short_code}`}>
      <td data-label="Title" style={{ maxWidth: 320 }}>
        <div className="cell-title truncate">{link.title || <span className="subtle">Untitled</span>}</div>
        <div className="cell-sub truncate" title={link.target_url}>
          {link.target_url}
        </div>
      </td>
      <td data-label="Short URL">
        <div className="row" style={{ gap: 6 }}>
          <span className="mono">/{link.short_code}</span>
          {link.enable_tiktok_bypass ? <Badge tone="pink">TikTok</Badge> : null}
          {link.enable_country_redirect ? <Badge tone="info">Geo</Badge> : null}
        </div>
      </td>
      <td data-label="Clicks" className="num">
        {formatNumber(link.clicks)}
      </td>
      <td data-label="Created" style={{ whiteSpace: 'nowrap' }}>
        {formatDate(link.created_at, 'en-US')}
      </td>
      <td data-label="Actions">
        <div className="btn-group">
          <CopyLinkAction url={url} />
          <IconLink icon="external" label="Open in new tab" href={url} />
          <RouterLink
            className="icon-btn"
            to={`/admin/link/${link.id}`}
            aria-label="View analytics"
            title="View analytics"
          >
            <Icon name="chart" />
          </RouterLink>
          <RouterLink
            className="icon-btn"
            to={`/admin/edit/${link.id}`}
            state={{ link }}
            aria-label="Edit"
            title="Edit"
          >
            <Icon name="edit" />
          </RouterLink>
          <button
            type="button"
            className="icon-btn icon-btn--danger"
            aria-label="Delete"
            title="Delete"
            onClick={onDelete}
          >
            <Icon name="trash" />
          </button>
        </div>
      </td>
    </tr>
  );
}
