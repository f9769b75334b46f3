/** /admin/webhooks: the administrator's webhooks, which hear every link's events. */
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/Card';
import { PageHeader } from '../../components/PageHeader';
import { WebhooksPanel } from './WebhooksPanel';

export function AdminWebhooksPage() {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <PageHeader title={t('webhooks.title')} subtitle={t('webhooks.subtitle.admin')} />
      <Card>
        <WebhooksPanel />
      </Card>
    </div>
  );
}
