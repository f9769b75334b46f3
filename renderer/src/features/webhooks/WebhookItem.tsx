/** One webhook: where it sends and what, on/off, "Send test" (with its outcome), the delivery log, Delete. */

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Webhook } from '../../../../redirector/contract/webhooks';
import { useBusyCall } from '../../api/useBusyCall';
import { useWebhookCalls } from '../../api/webhooks';
import { Badge } from '../../components/Badge';
import { Banner } from '../../components/Banner';
import { Button, IconButton } from '../../components/Button';
import { Checkbox } from '../../components/Field';
import { formatDateTime } from '../../format/dates';
import { localiseMessage } from '../../i18n/messages';
import { WebhookDeliveries } from './WebhookDeliveries';
import { testResultText } from './webhooksTexts';

export interface WebhookItemProps {
  hook: Webhook;
  onSetActive: (hook: Webhook, active: boolean) => Promise<void>;
  onTested: () => Promise<void>;
  onDelete: (hook: Webhook) => void;
}

export function WebhookItem({ hook, onSetActive, onTested, onDelete }: WebhookItemProps) {
  const { t } = useTranslation();
  const calls = useWebhookCalls();
  const [logOpen, setLogOpen] = useState(false);
  const [logVersion, setLogVersion] = useState(0);
  const [tested, setTested] = useState<string | null>(null);
  const toggling = useBusyCall(t('webhooks.toggleFailed'));
  const testing = useBusyCall(t('webhooks.testFailed'));
  const sendTest = () =>
    testing.run(async () => {
      setTested(null);
      const outcome = await calls.sendTest(hook.id);
      setTested(testResultText(outcome.status, outcome.error));
      setLogVersion((version) => version + 1);
      await onTested();
    });

  return (
    <li className="webhooks__item stack" data-testid={`webhook-${hook.id}`}>
      <div className="row">
        <div className="grow">
          <div className="cell-title mono truncate">{hook.url}</div>
          {hook.description ? <div className="cell-sub">{hook.description}</div> : null}
        </div>
        <Checkbox
          label={hook.active ? t('webhooks.active') : t('webhooks.inactive')}
          aria-label={hook.active ? t('webhooks.turnOff', { url: hook.url }) : t('webhooks.turnOn', { url: hook.url })}
          checked={hook.active}
          disabled={toggling.busy}
          onCheckedChange={(on) => void toggling.run(() => onSetActive(hook, on))}
        />
        <IconButton
          icon="trash"
          label={t('webhooks.deleteLabel', { url: hook.url })}
          tone="danger"
          onClick={() => onDelete(hook)}
        />
      </div>
      <div className="row webhooks__badges">
        {hook.events.map((event) => (
          <Badge key={event} tone="info">
            {event}
          </Badge>
        ))}
      </div>
      {hook.disabled_reason ? <Banner tone="warning">{localiseMessage(hook.disabled_reason)}</Banner> : null}
      <p className="text-sm muted">
        {t('webhooks.lastDelivery')}:{' '}
        {hook.last_delivery
          ? `${formatDateTime(hook.last_delivery.at)} (${hook.last_delivery.status ?? '—'})`
          : t('webhooks.never')}
      </p>
      {toggling.error || testing.error ? <Banner tone="error">{toggling.error ?? testing.error}</Banner> : null}
      {tested ? (
        <p className="text-sm" role="status" data-testid="webhook-test-result">
          {tested}
        </p>
      ) : null}
      <div className="row">
        <Button icon="pointer" onClick={() => void sendTest()} loading={testing.busy}>
          {testing.busy ? t('webhooks.sending') : t('webhooks.sendTest')}
        </Button>
        <Button icon="list" onClick={() => setLogOpen((open) => !open)} aria-expanded={logOpen}>
          {logOpen ? t('webhooks.hideDeliveries') : t('webhooks.deliveries')}
        </Button>
      </div>
      {logOpen ? <WebhookDeliveries calls={calls} id={hook.id} url={hook.url} version={logVersion} /> : null}
    </li>
  );
}
