/** Webhooks (docs/api.md#webhooks): the signed-in side's own, for a user's session or the administrator's. */
import type {
  CreateWebhookResponse,
  Webhook,
  WebhookDeliveriesResponse,
  WebhookEvent,
  WebhooksResponse,
} from '../../../redirector/contract/webhooks';
import { useCalls } from './ApiProvider';
import type { Credential, HttpClient } from './client';

export interface WebhookInput {
  url: string;
  events: WebhookEvent[];
  description: string;
}

export function webhookCalls(http: HttpClient, credential: Credential) {
  return {
    async list(signal?: AbortSignal) {
      return (await http.request<WebhooksResponse>('/api/webhooks', { credential, signal })).webhooks;
    },
    create: (input: WebhookInput) =>
      http.request<CreateWebhookResponse>('/api/webhooks', { credential, method: 'POST', body: input }),
    async update(id: number, changes: Partial<WebhookInput> & { active?: boolean }) {
      const answer = await http.request<{ webhook: Webhook }>('/api/webhooks', {
        credential,
        method: 'PUT',
        query: { id },
        body: changes,
      });
      return answer.webhook;
    },
    remove: (id: number) => http.request<unknown>('/api/webhooks', { credential, method: 'DELETE', query: { id } }),
    async deliveries(id: number, signal?: AbortSignal) {
      const answer = await http.request<WebhookDeliveriesResponse>('/api/webhooks/deliveries', {
        credential,
        query: { id },
        signal,
      });
      return answer.deliveries;
    },
    sendTest: (id: number) =>
      http.request<{ message_id: string; status: number | null; error: string | null }>('/api/webhooks/test', {
        credential,
        method: 'POST',
        query: { id },
      }),
  };
}

export type WebhookCalls = ReturnType<typeof webhookCalls>;

export function useWebhookCalls(): WebhookCalls {
  return useCalls(webhookCalls);
}
