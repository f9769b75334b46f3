/** 'Webhooks' on the user dashboard (beside API Keys): the user's own webhooks, which hear their links' events. */
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { WebhooksPanel } from './WebhooksPanel';
import { WEBHOOKS_TEXTS as TEXTS } from './webhooksTexts';

export function WebhooksDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog
      open
      wide
      onClose={onClose}
      title={TEXTS.title}
      description={TEXTS.subtitle.user}
      footer={<Button onClick={onClose}>{TEXTS.close}</Button>}
    >
      <WebhooksPanel />
    </Dialog>
  );
}
