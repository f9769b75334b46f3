/**
 * A link's row actions: copy, open, analytics, edit, delete. Analytics and edit are routes on the
 * admin pages and handlers in the user's dashboard; the admin's copy also says 'Copied!' in words.
 */
import { Link as RouterLink } from 'react-router-dom';
import { IconButton, IconLink } from '../../components/Button';
import { CopyButton } from '../../components/CopyButton';
import { Icon } from '../../components/Icon';
import { CopyLinkAction } from './CopyLinkAction';

/** A route to follow, or a handler to call. */
export type RowAction = { to: string; state?: unknown } | { onClick: () => void };

export interface LinkRowActionsProps {
  url: string;
  analytics: RowAction;
  edit: RowAction;
  onDelete: () => void;
  copiedNote?: boolean;
}

function Action({ action, icon, label }: { action: RowAction; icon: 'chart' | 'edit'; label: string }) {
  if ('onClick' in action) return <IconButton icon={icon} label={label} onClick={action.onClick} />;
  return (
    <RouterLink className="icon-btn" to={action.to} state={action.state} aria-label={label} title={label}>
      <Icon name={icon} />
    </RouterLink>
  );
}

export function LinkRowActions({ url, analytics, edit, onDelete, copiedNote = false }: LinkRowActionsProps) {
  return (
    <div className="btn-group">
      {copiedNote ? <CopyLinkAction url={url} /> : <CopyButton text={url} label="Copy link" />}
      <IconLink href={url} icon="external" label="Open in new tab" />
      <Action action={analytics} icon="chart" label="View analytics" />
      <Action action={edit} icon="edit" label="Edit" />
      <IconButton icon="trash" label="Delete" tone="danger" onClick={onDelete} />
    </div>
  );
}
