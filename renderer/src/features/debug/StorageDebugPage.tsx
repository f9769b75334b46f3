/**
 * /admin/storage (docs/api.md#pages, "Debug pages"): the auth markers in cookies and storage, with set and
 * clear controls. Clearing signs this browser out; setting a key that the server rejects ends on
 * the login page too (docs/api.md#accounts-and-sign-in).
 */
import { type FormEvent, useState } from 'react';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { TextField } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { useAuth } from '../../session/AdminSession';
import { clearMarkers, describeMarkers, storeLogin } from '../../session/adminMarkers';
import { KeyValueList } from './KeyValueList';

const STORAGE_KEYS = ['auth', 'apiKey', 'admin_token', 'userSession'];

function storageRows(storage: Storage) {
  return STORAGE_KEYS.map((key) => {
    const value = storage.getItem(key);
    const shown = value === null ? '—' : key === 'apiKey' || key === 'userSession' ? `${value.length} chars` : value;
    return { label: key, value: <span className="mono">{shown}</span> };
  });
}

export function StorageDebugPage() {
  const auth = useAuth();
  const [token, setToken] = useState('');
  const [, setVersion] = useState(0);
  const [note, setNote] = useState<string | null>(null);
  const refresh = () => setVersion((version) => version + 1);

  const setStored = (event: FormEvent) => {
    event.preventDefault();
    if (token.trim() === '') return;
    storeLogin(auth.env, token.trim());
    setToken('');
    setNote('Token stored. Checking it with the server...');
    auth.recheck();
  };

  return (
    <div className="stack">
      <PageHeader title="Storage Debug" subtitle="The admin markers in cookies, session and local storage." />
      {note ? <Banner tone="info">{note}</Banner> : null}
      <div className="admin-grid">
        <Card
          title="Auth markers"
          actions={
            <Button size="sm" variant="ghost" icon="refresh" onClick={refresh}>
              Reload
            </Button>
          }
        >
          <KeyValueList rows={describeMarkers(auth.env)} />
        </Card>
        <Card title="Cookies">
          <KeyValueList
            rows={document.cookie
              .split(';')
              .map((part) => part.trim())
              .filter((part) => part !== '')
              .map((part) => {
                const [name = '', ...rest] = part.split('=');
                const value = rest.join('=');
                return {
                  label: name,
                  value: <span className="mono">{name === 'apiKey' ? `${value.length} chars` : value}</span>,
                };
              })}
          />
          {document.cookie.trim() === '' ? <p className="muted text-sm">No cookies</p> : null}
        </Card>
        <Card title="Session storage">
          <KeyValueList rows={storageRows(window.sessionStorage)} />
        </Card>
        <Card title="Local storage">
          <KeyValueList rows={storageRows(window.localStorage)} />
        </Card>
      </div>
      <Card title="Set or clear the admin token">
        <div className="stack">
          <form className="row" onSubmit={setStored} style={{ alignItems: 'flex-end' }}>
            <TextField
              fieldClassName="grow"
              label="Admin token"
              name="token"
              autoComplete="off"
              value={token}
              onValueChange={setToken}
            />
            <Button type="submit" variant="primary" disabled={token.trim() === ''}>
              Set token
            </Button>
          </form>
          <p className="field__hint">An admin key or session token; it is checked with the server right away.</p>
          <div className="row">
            <Button
              variant="danger-outline"
              icon="trash"
              onClick={() => {
                clearMarkers(auth.env);
                auth.recheck();
              }}
            >
              Clear token
            </Button>
            <span className="muted text-sm">Clearing signs this browser out of the admin area.</span>
          </div>
        </div>
      </Card>
    </div>
  );
}
