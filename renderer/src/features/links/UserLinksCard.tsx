/** 'Your Links' (product spec §2): the user's links, or why there are none, with the create action. */
import type { Link } from '../../../../redirector/contract';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { LinksTable } from './LinksTable';
import type { LinkHost } from './shortUrl';

export interface UserLinksCardProps {
  links: Link[];
  host: LinkHost;
  loadFailed: boolean;
  onCreate: () => void;
  onRetry: () => void;
  onAnalytics: (link: Link) => void;
  onEdit: (link: Link) => void;
  onDelete: (link: Link) => void;
}

export function UserLinksCard({ links, host, loadFailed, onCreate, onRetry, ...row }: UserLinksCardProps) {
  return (
    <Card
      title="Your Links"
      subtitle={`Short links on ${host.domain}`}
      flush
      actions={
        <Button variant="primary" icon="plus" onClick={onCreate}>
          Create New Link
        </Button>
      }
    >
      {loadFailed && links.length === 0 ? (
        <EmptyState
          icon="refresh"
          title="Your links could not be loaded"
          description="Check your connection, then try again."
          action={
            <Button icon="refresh" onClick={onRetry}>
              Retry
            </Button>
          }
        />
      ) : links.length === 0 ? (
        <EmptyState
          title="No links yet"
          description="Get started by creating your first link."
          action={
            <Button variant="primary" icon="plus" onClick={onCreate}>
              Create Link
            </Button>
          }
        />
      ) : (
        <LinksTable
          links={links}
          host={host}
          actions={(link) => ({
            analytics: { onClick: () => row.onAnalytics(link) },
            edit: { onClick: () => row.onEdit(link) },
            onDelete: () => row.onDelete(link),
          })}
        />
      )}
    </Card>
  );
}
