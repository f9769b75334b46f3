/** The webhooks' two screens: /admin/webhooks (every link's events) and the dashboard's dialog (the user's own). */
import { panelScreens } from '../../components/PanelShells';
import { WebhooksPanel } from './WebhooksPanel';

export const webhookScreens = panelScreens('webhooks', WebhooksPanel);
