/** The words of the Webhooks screen (administrator) and dialog (user). */
import type { Webhook, WebhookEvent } from '../../../../redirector/contract/webhooks';

export type WebhookSide = 'user' | 'admin';

export const WEBHOOKS_TEXTS = {
  title: 'Webhooks',
  subtitle: {
    user: 'Webhooks tell another service, signed, when your links are made, changed, clicked or expire.',
    admin: 'Webhooks tell another service, signed, when any link is made, changed, clicked or expires.',
  } satisfies Record<WebhookSide, string>,
  urlLabel: 'Destination URL',
  urlPlaceholder: 'https://example.com/hooks/me',
  descriptionLabel: 'Description',
  eventsLabel: 'Events',
  eventsNeeded: 'Choose at least one event',
  create: 'Create Webhook',
  creating: 'Creating...',
  createFailed: 'Failed to create webhook',
  newSecretTitle: 'Your webhook signing secret',
  newSecretWarning: "Copy it now: you won't see it again. Receivers verify each message's signature with it.",
  copy: 'Copy secret',
  copied: 'Copied!',
  done: 'Done',
  loading: 'Loading webhooks...',
  loadFailed: 'Failed to load webhooks',
  empty: 'No webhooks yet',
  emptyHint: 'Create one to have events sent to your service.',
  active: 'On',
  inactive: 'Off',
  toggleLabel: (hook: Webhook) => `${hook.active ? 'Turn off' : 'Turn on'} ${hook.url}`,
  toggleFailed: 'Failed to change the webhook',
  sendTest: 'Send test',
  sending: 'Sending...',
  testFailed: 'Failed to send the test',
  testResult: (status: number | null, error: string | null) =>
    error === null ? `Test delivered (${status})` : `Test failed: ${error}`,
  deliveries: 'Delivery log',
  hideDeliveries: 'Hide log',
  deliveriesEmpty: 'No deliveries yet',
  deliveriesFailed: 'Failed to load the delivery log',
  lastDelivery: 'Last delivery',
  never: 'Never',
  columns: { event: 'Event', attempt: 'Attempt', status: 'Status', duration: 'Time', at: 'When', message: 'Message' },
  delete: 'Delete',
  deleteTitle: 'Delete webhook',
  deleting: 'Deleting...',
  deleteFailed: 'Failed to delete webhook',
  deleteQuestion: (hook: Webhook) => `Delete the webhook to ${hook.url}? Its messages waiting to be sent are dropped.`,
  deleteLabel: (hook: Webhook) => `Delete webhook ${hook.url}`,
  close: 'Close',
};

/** The events a person chooses from, with what each means. */
export const EVENT_CHOICES: { event: WebhookEvent; label: string }[] = [
  { event: 'link.clicked', label: 'Link clicked' },
  { event: 'link.created', label: 'Link created' },
  { event: 'link.updated', label: 'Link updated' },
  { event: 'link.deleted', label: 'Link deleted' },
  { event: 'link.expired', label: 'Link expired' },
  { event: 'link.broken', label: 'Link broken' },
  { event: 'link.recovered', label: 'Link recovered' },
];
