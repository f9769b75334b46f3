/**
 * The API keys of one side, the body of both the user's dialog and the admin screen: a create
 * form, the new key's secret once (with copy), the list (name, prefix, created, last used) and a
 * Delete that asks first.
 */
import { type FormEvent, useState } from 'react';
import { type ApiKey, parseKeyName } from '../../../../redirector/contract';
import { errorMessage } from '../../api/client';
import { useBusyCall } from '../../api/useBusyCall';
import { useConfirmDelete } from '../../api/useConfirmDelete';
import { Banner } from '../../components/Banner';
import { Button, IconButton } from '../../components/Button';
import { CopyButton } from '../../components/CopyButton';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { ConfirmDialog } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { ErrorPanel } from '../../components/ErrorPanel';
import { TextField } from '../../components/Field';
import { LoadingState } from '../../components/Spinner';
import { formatDate, formatDateTime } from '../../format/dates';
import { type KeySide, keysTexts } from './keysTexts';
import { useApiKeys } from './useApiKeys';

export interface ApiKeysPanelProps {
  side: KeySide;
  /** The server's address for the usage example ('' in the browser build: this page's origin). */
  origin: string;
}

export function ApiKeysPanel({ side, origin }: ApiKeysPanelProps) {
  const TEXTS = keysTexts();
  const { keys, created, dismissCreated, create, remove } = useApiKeys();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const creation = useBusyCall(TEXTS.createFailed);
  const deletion = useConfirmDelete(TEXTS, remove);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    creation.clearError();
    const parsed = parseKeyName(name);
    setNameError(parsed.ok ? null : parsed.error);
    if (!parsed.ok) return;
    await creation.run(async () => {
      await create(parsed.name);
      setName('');
    });
  };

  return (
    <div className="stack">
      {creation.error ? (
        <Banner tone="error" onDismiss={creation.clearError}>
          {creation.error}
        </Banner>
      ) : null}
      {created ? (
        <div className="callout" data-testid="new-api-key">
          <div className="callout__title">{TEXTS.newKeyTitle}</div>
          <div className="row">
            <code className="code-block grow api-keys__secret" data-testid="new-api-key-secret">
              {created.secret}
            </code>
            <CopyButton text={created.secret} variant="text" label={TEXTS.copy} copiedLabel={TEXTS.copied} />
          </div>
          <p className="text-sm">
            <strong>{TEXTS.newKeyWarning}</strong>
          </p>
          <p className="text-sm muted">{TEXTS.usageLabel}</p>
          <code className="code-block">{TEXTS.usage(side, origin || window.location.origin)}</code>
          <div className="row">
            <Button onClick={dismissCreated}>{TEXTS.done}</Button>
          </div>
        </div>
      ) : null}
      <form className="api-keys__create" noValidate onSubmit={submit}>
        <TextField
          label={TEXTS.nameLabel}
          name="key-name"
          placeholder={TEXTS.namePlaceholder}
          hint={TEXTS.nameHint}
          value={name}
          onValueChange={(next) => {
            setName(next);
            if (nameError) setNameError(null);
          }}
          error={nameError}
          autoComplete="off"
          fieldClassName="grow"
        />
        <Button type="submit" variant="primary" icon="plus" loading={creation.busy}>
          {creation.busy ? TEXTS.creating : TEXTS.create}
        </Button>
      </form>
      {keys.error ? (
        <ErrorPanel
          title={TEXTS.loadFailed}
          message={errorMessage(keys.error, TEXTS.loadFailed)}
          onRetry={keys.reload}
        />
      ) : !keys.data ? (
        <LoadingState message={TEXTS.loading} />
      ) : keys.data.length === 0 ? (
        <EmptyState icon="shield" title={TEXTS.empty} description={TEXTS.emptyHint} />
      ) : (
        <KeysTable keys={keys.data} onDelete={deletion.ask} />
      )}
      <ConfirmDialog {...deletion.dialog} />
    </div>
  );
}

function KeysTable({ keys, onDelete }: { keys: ApiKey[]; onDelete: (key: ApiKey) => void }) {
  const TEXTS = keysTexts();
  const { columns } = TEXTS;
  const keyColumns: DataColumn<ApiKey>[] = [
    { label: columns.name, cell: (key) => <div className="cell-title">{key.name}</div> },
    { label: columns.key, className: 'mono', cell: (key) => `${key.prefix}…` },
    { label: columns.created, nowrap: true, cell: (key) => formatDate(key.created_at) },
    {
      label: columns.lastUsed,
      nowrap: true,
      cell: (key) => (key.last_used_at ? formatDateTime(key.last_used_at) : TEXTS.never),
    },
    {
      label: columns.actions,
      cell: (key) => (
        <IconButton icon="trash" label={TEXTS.deleteLabel(key)} tone="danger" onClick={() => onDelete(key)} />
      ),
    },
  ];
  return (
    <DataTable
      columns={keyColumns}
      rows={keys}
      rowKey={(key) => key.id}
      rowTestId={(key) => `api-key-row-${key.id}`}
      pairs={false}
    />
  );
}
