/** The webhooks of the signed-in side: loaded once, then kept in step with each change. */
import type { CreateWebhookResponse, Webhook } from '../../../../redirector/contract/webhooks';
import { useCreatedList } from '../../api/useCreatedList';
import { useWebhookCalls, type WebhookInput } from '../../api/webhooks';

export function useWebhooks() {
  const calls = useWebhookCalls();
  const list = useCreatedList(calls, (answer: CreateWebhookResponse) => answer.webhook);
  const hooks = list.rows;
  const replace = (next: Webhook) => hooks.setData((rows) => rows?.map((row) => (row.id === next.id ? next : row)));

  return {
    hooks,
    created: list.created,
    dismissCreated: list.dismissCreated,
    async create(input: WebhookInput): Promise<void> {
      list.added(await calls.create(input));
    },
    async setActive(hook: Webhook, active: boolean): Promise<void> {
      replace(await calls.update(hook.id, { active }));
    },
    async remove(hook: Webhook): Promise<void> {
      await calls.remove(hook.id);
      list.removed(hook);
    },
    /** After a test: the list again, for its last delivery. */
    refresh: () => calls.list().then((rows) => hooks.setData(rows)),
  };
}
