/**
 * The API keys of one side, the body of both the user's dialog and the admin screen: a create
 * form, the new key's secret once (with copy), the list (name, prefix, created, last used) and a
 * Delete that asks first.
 */
import { type FormEvent, useState } from 'react';
import { type ApiKey, parseKeyName } from '../../../../redirector/contract';
import { KEY_SCOPES, type KeyScope } from '../../../../redirector/contract/teams';
import { useBusyCall } from '../../api/useBusyCall';
import { useConfirmDelete } from '../../api/useConfirmDelete';
import { actionsColumn } from '../../components/actionsColumn';
import { SubmitButton } from '../../components/Button';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { ConfirmDialog } from '../../components/Dialog';
import { TextField } from '../../components/Field';
import { LoadedList } from '../../components/LoadedList';
import { CreatedSecret } from '../../components/SecretCallout';
import { SelectField } from '../../components/SelectField';
import { formatDate, formatDateTime } from '../../format/dates';
import { KeyDomainsField } from './KeyDomainsField';
import { type KeySide, keysTexts } from './keysTexts';
import { useApiKeys } from './useApiKeys';

export interface ApiKeysPanelProps {
  side: KeySide;
  /** The server's address for the usage example ('' in the browser build: this page's origin). */
  origin: string;
  /** The chosen team's domains a user's key may be held to (docs/api.md#api-keys-of-a-team). */
  domains?: readonly string[];
}

export function ApiKeysPanel({ side, origin, domains: teamDomains = [] }: ApiKeysPanelProps) {
  const TEXTS = keysTexts();
  const { keys, created, dismissCreated, create, remove } = useApiKeys();
  const [name, setName] = useState('');
  // A user's key acts in the chosen team with this scope (docs/api.md#api-keys-of-a-team).
  const [scope, setScope] = useState<KeyScope>('write');
  // And only on these domains, when named (docs/api.md#api-keys-of-a-team); the server checks each.
  const [domains, setDomains] = useState<string[]>([]);
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
      const held = side === 'user' && domains.length > 0 ? domains : undefined;
      await create(parsed.name, side === 'user' ? scope : undefined, held);
      setName('');
      setDomains([]);
    });
  };

  return (
    <div className="stack">
      <CreatedSecret
        creation={creation}
        testId="new-api-key"
        secret={created?.secret}
        secretClassName="api-keys__secret"
        texts={{ ...TEXTS, title: TEXTS.newKeyTitle, warning: TEXTS.newKeyWarning }}
        onDone={dismissCreated}
      >
        <p className="text-sm muted">{TEXTS.usageLabel}</p>
        <code className="code-block">{TEXTS.usage(side, origin || window.location.origin)}</code>
      </CreatedSecret>
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
        {side === 'user' ? <ScopeField scope={scope} onChange={setScope} /> : null}
        {side === 'user' && teamDomains.length > 0 ? (
          <KeyDomainsField domains={teamDomains} chosen={domains} onChange={setDomains} />
        ) : null}
        <SubmitButton icon="plus" busy={creation.busy} label={TEXTS.create} busyLabel={TEXTS.creating} />
      </form>
      <LoadedList load={keys} texts={TEXTS} emptyIcon="shield">
        {(rows) => <KeysTable keys={rows} onDelete={deletion.ask} />}
      </LoadedList>
      <ConfirmDialog {...deletion.dialog} />
    </div>
  );
}

function ScopeField({ scope, onChange }: { scope: KeyScope; onChange: (scope: KeyScope) => void }) {
  const TEXTS = keysTexts();
  return (
    <SelectField
      label={TEXTS.scopeLabel}
      hint={TEXTS.scopeHint}
      name="key-scope"
      value={scope}
      choices={KEY_SCOPES.map((choice) => [choice, TEXTS.scopes[choice]])}
      onValueChange={onChange}
    />
  );
}

function KeysTable({ keys, onDelete }: { keys: ApiKey[]; onDelete: (key: ApiKey) => void }) {
  const TEXTS = keysTexts();
  const { columns } = TEXTS;
  const keyColumns: DataColumn<ApiKey>[] = [
    { label: columns.name, cell: (key) => <div className="cell-title">{key.name}</div> },
    { label: columns.key, className: 'mono', cell: (key) => `${key.prefix}…` },
    { label: columns.scope, cell: (key) => TEXTS.scopes[key.scope ?? 'write'] },
    { label: columns.domains, cell: (key) => (key.domains ? key.domains.join(', ') : TEXTS.domainsAll) },
    { label: columns.created, nowrap: true, cell: (key) => formatDate(key.created_at) },
    {
      label: columns.lastUsed,
      nowrap: true,
      cell: (key) => (key.last_used_at ? formatDateTime(key.last_used_at) : TEXTS.never),
    },
    actionsColumn({ label: columns.actions, deleteLabel: TEXTS.deleteLabel, onDelete }),
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
