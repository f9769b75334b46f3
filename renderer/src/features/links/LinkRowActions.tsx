/**
 * A link's row actions: copy, open, QR code, analytics, edit, delete. Analytics and edit are routes
 * on the admin pages and handlers in the user's dashboard; the admin's copy also says 'Copied!' in words.
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { IconButton, IconLink } from '../../components/Button';
import { CopyButton } from '../../components/CopyButton';
import { Icon } from '../../components/Icon';
import { CopyLinkAction } from './CopyLinkAction';

// The QR library is loaded the first time a QR code is asked for, not with the list.
const QrCodeDialog = lazy(() => import('./QrCodeDialog').then((module) => ({ default: module.QrCodeDialog })));

/** A route to follow, or a handler to call. */
export type RowAction = { to: string; state?: unknown } | { onClick: () => void };

export interface LinkRowActionsProps {
  url: string;
  shortCode: string;
  analytics: RowAction;
  /** Left out where the caller may not change the link (a viewer of the team). */
  edit?: RowAction;
  onDelete?: () => void;
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

export function LinkRowActions({ url, shortCode, analytics, edit, onDelete, copiedNote = false }: LinkRowActionsProps) {
  const { t } = useTranslation();
  const [showQr, setShowQr] = useState(false);
  return (
    <div className="btn-group">
      {copiedNote ? <CopyLinkAction url={url} /> : <CopyButton text={url} label={t('common.copyLink')} />}
      <IconLink href={url} icon="external" label={t('links.actions.open')} />
      <IconButton icon="qr" label={t('links.actions.qr')} onClick={() => setShowQr(true)} />
      {showQr ? (
        <Suspense fallback={null}>
          <QrCodeDialog url={url} shortCode={shortCode} onClose={() => setShowQr(false)} />
        </Suspense>
      ) : null}
      <Action action={analytics} icon="chart" label={t('links.actions.analytics')} />
      {edit ? <Action action={edit} icon="edit" label={t('common.edit')} /> : null}
      {onDelete ? <IconButton icon="trash" label={t('common.delete')} tone="danger" onClick={onDelete} /> : null}
    </div>
  );
}
