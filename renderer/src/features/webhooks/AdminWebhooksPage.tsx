/** /admin/webhooks: the administrator's webhooks, which hear every link's events. */
import { webhookScreens } from './webhookScreens';

export const AdminWebhooksPage = webhookScreens.Page;
