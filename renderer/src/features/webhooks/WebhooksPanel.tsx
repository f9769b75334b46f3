/**
 * The webhooks of one side, the body of both the user's dialog and the admin screen: a create form,
 * the new webhook's signing secret once (with copy), and the list (docs/api.md#webhooks).
 */

import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { useBusyCall } from '../../api/useBusyCall';
import { useConfirmDelete } from '../../api/useConfirmDelete';
import type { WebhookInput } from '../../api/webhooks';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { CopyButton } from '../../components/CopyButton';
import { ConfirmDialog } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingState } from '../../components/Spinner';
import { useWebhooks } from './useWebhooks';
import { WebhookCreateForm } from './WebhookCreateForm';
import { WebhookItem } from './WebhookItem';
import { webhookDeleteTexts } from './webhooksTexts';

export function WebhooksPanel() {
  const { t } = useTranslation();
  const { hooks, created, calls, dismissCreated, create, setActive, remove, refresh } = useWebhooks();
  const creation = useBusyCall(t('webhooks.createFailed'));
  const deletion = useConfirmDelete(webhookDeleteTexts(), remove);

  const onCreate = async (input: WebhookInput) => {
    let done = false;
    await creation.run(async () => {
      await create(input);
      done = true;
    });
    return done;
  };

  return (
    <div className="stack">
      {creation.error ? (
        <Banner tone="error" onDismiss={creation.clearError}>
          {creation.error}
        </Banner>
      ) : null}
      {created ? (
        <div className="callout" data-testid="new-webhook">
          <div className="callout__title">{t('webhooks.newSecretTitle')}</div>
          <div className="row">
            <code className="code-block grow webhooks__secret" data-testid="new-webhook-secret">
              {created.secret}
            </code>
            <CopyButton
              text={created.secret}
              variant="text"
              label={t('webhooks.copy')}
              copiedLabel={t('webhooks.copied')}
            />
          </div>
          <p className="text-sm">
            <strong>{t('webhooks.newSecretWarning')}</strong>
          </p>
          <div className="row">
            <Button onClick={dismissCreated}>{t('webhooks.done')}</Button>
          </div>
        </div>
      ) : null}
      <WebhookCreateForm busy={creation.busy} onCreate={onCreate} />
      {hooks.error ? (
        <ErrorPanel
          title={t('webhooks.loadFailed')}
          message={errorMessage(hooks.error, t('webhooks.loadFailed'))}
          onRetry={hooks.reload}
        />
      ) : !hooks.data ? (
        <LoadingState message={t('webhooks.loading')} />
      ) : hooks.data.length === 0 ? (
        <EmptyState icon="external" title={t('webhooks.empty')} description={t('webhooks.emptyHint')} />
      ) : (
        <ul className="webhooks__list">
          {hooks.data.map((hook) => (
            <WebhookItem
              key={hook.id}
              hook={hook}
              calls={calls}
              onSetActive={setActive}
              onTested={refresh}
              onDelete={deletion.ask}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog {...deletion.dialog} />
    </div>
  );
}
