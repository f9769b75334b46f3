/** The webhooks' two screens: /admin/webhooks (every link's events) and the dashboard's dialog (the user's own). */
import { useTranslation } from 'react-i18next';
import { panelScreens } from '../../components/PanelShells';
import { WebhooksPanel } from './WebhooksPanel';

function useWebhookTexts() {
  const { t } = useTranslation();
  return {
    title: t('webhooks.title'),
    adminSubtitle: t('webhooks.subtitle.admin'),
    userSubtitle: t('webhooks.subtitle.user'),
    close: t('webhooks.close'),
  };
}

export const webhookScreens = panelScreens(useWebhookTexts, WebhooksPanel);
