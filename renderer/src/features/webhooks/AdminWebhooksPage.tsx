/** /admin/webhooks: the administrator's webhooks, which hear every link's events. */
import { Card } from '../../components/Card';
import { PageHeader } from '../../components/PageHeader';
import { WebhooksPanel } from './WebhooksPanel';
import { WEBHOOKS_TEXTS as TEXTS } from './webhooksTexts';

export function AdminWebhooksPage() {
  return (
    <div className="stack">
      <PageHeader title={TEXTS.title} subtitle={TEXTS.subtitle.admin} />
      <Card>
        <WebhooksPanel />
      </Card>
    </div>
  );
}
