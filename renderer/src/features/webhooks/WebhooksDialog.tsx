/** 'Webhooks' on the user dashboard (beside API Keys): the user's own webhooks, which hear their links' events. */
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { WebhooksPanel } from './WebhooksPanel';

export function WebhooksDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      wide
      onClose={onClose}
      title={t('webhooks.title')}
      description={t('webhooks.subtitle.user')}
      footer={<Button onClick={onClose}>{t('webhooks.close')}</Button>}
    >
      <WebhooksPanel />
    </Dialog>
  );
}
