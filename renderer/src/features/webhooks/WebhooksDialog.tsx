/** 'Webhooks' on the user dashboard (beside API Keys): the user's own webhooks, which hear their links' events. */
import { webhookScreens } from './webhookScreens';

export const WebhooksDialog = webhookScreens.Dialog;
