/** The Webhooks screen's (administrator) and dialog's (user) words that are more than one catalogue entry. */
import type { Webhook, WebhookEvent } from '../../../../redirector/contract/webhooks';
import type { DeleteTexts } from '../../api/useConfirmDelete';
import type { SecretCalloutProps } from '../../components/SecretCallout';
import { i18next } from '../../i18n';
import { localiseMessage } from '../../i18n/messages';

export type WebhookSide = 'user' | 'admin';

/** The words of a webhook's Delete, in the UI's language. */
export function webhookDeleteTexts(): DeleteTexts<Webhook> {
  return {
    delete: i18next.t('webhooks.delete'),
    deleteTitle: i18next.t('webhooks.deleteTitle'),
    deleting: i18next.t('webhooks.deleting'),
    deleteFailed: i18next.t('webhooks.deleteFailed'),
    deleteQuestion: (hook) => i18next.t('webhooks.deleteQuestion', { url: hook.url }),
  };
}

/** The words around a new webhook's signing secret, shown once (SecretCallout). */
export function webhookSecretTexts(): SecretCalloutProps['texts'] {
  return {
    title: i18next.t('webhooks.newSecretTitle'),
    copy: i18next.t('webhooks.copy'),
    copied: i18next.t('webhooks.copied'),
    warning: i18next.t('webhooks.newSecretWarning'),
    done: i18next.t('webhooks.done'),
  };
}

/** What a test delivery came to. */
export function testResultText(status: number | null, error: string | null): string {
  return error === null
    ? i18next.t('webhooks.testDelivered', { status })
    : i18next.t('webhooks.testFailedWith', { error: localiseMessage(error) });
}

/** The events a person chooses from, with what each means (in the UI's language). */
export function eventChoices(): { event: WebhookEvent; label: string }[] {
  return [
    { event: 'link.clicked', label: i18next.t('webhooks.events.clicked') },
    { event: 'link.created', label: i18next.t('webhooks.events.created') },
    { event: 'link.updated', label: i18next.t('webhooks.events.updated') },
    { event: 'link.deleted', label: i18next.t('webhooks.events.deleted') },
    { event: 'link.expired', label: i18next.t('webhooks.events.expired') },
    { event: 'link.broken', label: i18next.t('webhooks.events.broken') },
    { event: 'link.recovered', label: i18next.t('webhooks.events.recovered') },
  ];
}
