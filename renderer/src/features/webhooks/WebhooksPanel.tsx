/**
 * The webhooks of one side, the body of both the user's dialog and the admin screen: a create form,
 * the new webhook's signing secret once (with copy), and the list (docs/api.md#webhooks).
 */

import { useTranslation } from 'react-i18next';
import { useBusyCall } from '../../api/useBusyCall';
import { useConfirmDelete } from '../../api/useConfirmDelete';
import type { WebhookInput } from '../../api/webhooks';
import { ConfirmDialog } from '../../components/Dialog';
import { LoadedList } from '../../components/LoadedList';
import { CreatedSecret } from '../../components/SecretCallout';
import { useWebhooks } from './useWebhooks';
import { WebhookCreateForm } from './WebhookCreateForm';
import { WebhookItem } from './WebhookItem';
import { webhookDeleteTexts, webhookSecretTexts } from './webhooksTexts';

export function WebhooksPanel() {
  const { t } = useTranslation();
  const { hooks, created, dismissCreated, create, setActive, remove, refresh } = useWebhooks();
  const creation = useBusyCall(t('webhooks.createFailed'));
  const deletion = useConfirmDelete(webhookDeleteTexts(), remove);

  const onCreate = (input: WebhookInput) => creation.run(() => create(input));

  return (
    <div className="stack">
      <CreatedSecret
        creation={creation}
        testId="new-webhook"
        secret={created?.secret}
        secretClassName="webhooks__secret"
        texts={webhookSecretTexts()}
        onDone={dismissCreated}
      />
      <WebhookCreateForm busy={creation.busy} onCreate={onCreate} />
      <LoadedList
        load={hooks}
        texts={{
          loadFailed: t('webhooks.loadFailed'),
          loading: t('webhooks.loading'),
          empty: t('webhooks.empty'),
          emptyHint: t('webhooks.emptyHint'),
        }}
        emptyIcon="external"
      >
        {(rows) => (
          <ul className="webhooks__list">
            {rows.map((hook) => (
              <WebhookItem
                key={hook.id}
                hook={hook}
                onSetActive={setActive}
                onTested={refresh}
                onDelete={deletion.ask}
              />
            ))}
          </ul>
        )}
      </LoadedList>
      <ConfirmDialog {...deletion.dialog} />
    </div>
  );
}
