/**
 * /admin/storage (docs/api.md#pages, "Debug pages"): the auth markers in cookies and storage, with set and
 * clear controls. Clearing signs this browser out; setting a key that the server rejects ends on
 * the login page too (docs/api.md#accounts-and-sign-in).
 */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { TextField } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { i18next } from '../../i18n';
import { useAuth } from '../../session/AdminSession';
import { clearMarkers, describeMarkers, storeLogin } from '../../session/adminMarkers';
import { KeyValueList } from './KeyValueList';

const STORAGE_KEYS = ['auth', 'apiKey', 'admin_token', 'userSession'];

/** A secret's length instead of the secret: '40 chars'. */
function charCount(value: string): string {
  return i18next.t('debug.storage.chars', { count: value.length });
}

function storageRows(storage: Storage) {
  return STORAGE_KEYS.map((key) => {
    const value = storage.getItem(key);
    const shown = value === null ? '—' : key === 'apiKey' || key === 'userSession' ? charCount(value) : value;
    return { label: key, value: <span className="mono">{shown}</span> };
  });
}

export function StorageDebugPage() {
  const { t } = useTranslation();
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
    setNote(t('debug.storage.stored'));
    auth.recheck();
  };

  return (
    <div className="stack">
      <PageHeader title={t('debug.storage.title')} subtitle={t('debug.storage.subtitle')} />
      {note ? <Banner tone="info">{note}</Banner> : null}
      <div className="admin-grid">
        <Card
          title={t('debug.storage.markers')}
          actions={
            <Button size="sm" variant="ghost" icon="refresh" onClick={refresh}>
              {t('debug.storage.reload')}
            </Button>
          }
        >
          <KeyValueList rows={describeMarkers(auth.env)} />
        </Card>
        <Card title={t('debug.storage.cookies')}>
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
                  value: <span className="mono">{name === 'apiKey' ? charCount(value) : value}</span>,
                };
              })}
          />
          {document.cookie.trim() === '' ? <p className="muted text-sm">{t('debug.storage.noCookies')}</p> : null}
        </Card>
        <Card title={t('debug.storage.sessionStorage')}>
          <KeyValueList rows={storageRows(window.sessionStorage)} />
        </Card>
        <Card title={t('debug.storage.localStorage')}>
          <KeyValueList rows={storageRows(window.localStorage)} />
        </Card>
      </div>
      <Card title={t('debug.storage.setOrClear')}>
        <div className="stack">
          <form className="row" onSubmit={setStored} style={{ alignItems: 'flex-end' }}>
            <TextField
              fieldClassName="grow"
              label={t('debug.storage.tokenLabel')}
              name="token"
              autoComplete="off"
              value={token}
              onValueChange={setToken}
            />
            <Button type="submit" variant="primary" disabled={token.trim() === ''}>
              {t('debug.storage.setToken')}
            </Button>
          </form>
          <p className="field__hint">{t('debug.storage.tokenHint')}</p>
          <div className="row">
            <Button
              variant="danger-outline"
              icon="trash"
              onClick={() => {
                clearMarkers(auth.env);
                auth.recheck();
              }}
            >
              {t('debug.storage.clearToken')}
            </Button>
            <span className="muted text-sm">{t('debug.storage.clearHint')}</span>
          </div>
        </div>
      </Card>
    </div>
  );
}
