/** The webhooks of the signed-in side: loaded once, then kept in step with each change. */
import { useState } from 'react';
import type { CreateWebhookResponse, Webhook } from '../../../../redirector/contract/webhooks';
import { useLoad } from '../../api/useLoad';
import { useWebhookCalls, type WebhookInput } from '../../api/webhooks';

export function useWebhooks() {
  const calls = useWebhookCalls();
  const hooks = useLoad((signal) => calls.list(signal), [calls]);
  /** The answer of the last create: its secret is shown until dismissed, then forgotten. */
  const [created, setCreated] = useState<CreateWebhookResponse | null>(null);
  const replace = (next: Webhook) => hooks.setData((list) => list?.map((row) => (row.id === next.id ? next : row)));

  return {
    hooks,
    created,
    calls,
    dismissCreated: () => setCreated(null),
    async create(input: WebhookInput): Promise<void> {
      const answer = await calls.create(input);
      hooks.setData((list) => [...(list ?? []), answer.webhook]);
      setCreated(answer);
    },
    async setActive(hook: Webhook, active: boolean): Promise<void> {
      replace(await calls.update(hook.id, { active }));
    },
    async remove(hook: Webhook): Promise<void> {
      await calls.remove(hook.id);
      hooks.setData((list) => list?.filter((row) => row.id !== hook.id));
      setCreated((shown) => (shown?.webhook.id === hook.id ? null : shown));
    },
    /** After a test: the list again, for its last delivery. */
    refresh: () => calls.list().then((list) => hooks.setData(list)),
  };
}
