/**
 * '/test-storage' (docs/api.md#pages, content not shown): checks that this browser can keep a session,
 * and shows what is stored under the keys the app uses.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppHeader } from '../../components/AppHeader';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { i18next } from '../../i18n';
import { SESSION_KEY } from '../../session/userSession';

const PROBE_KEY = 'me_storage_probe';
const KEYS = [SESSION_KEY, 'admin_token'];

type Area = 'localStorage' | 'sessionStorage';

function probe(area: Area): boolean {
  try {
    const storage = window[area];
    const value = String(Date.now());
    storage.setItem(PROBE_KEY, value);
    const ok = storage.getItem(PROBE_KEY) === value;
    storage.removeItem(PROBE_KEY);
    return ok;
  } catch {
    return false;
  }
}

function storedValue(area: Area, key: string): string {
  try {
    const value = window[area].getItem(key);
    if (value === null) return i18next.t('debug.test.notSet');
    if (key === SESSION_KEY) {
      const parsed = JSON.parse(value) as { user?: { email?: string } };
      return i18next.t('debug.test.signedInAs', { email: parsed.user?.email ?? i18next.t('common.unknown') });
    }
    return value.length > 40 ? `${value.slice(0, 40)}…` : value;
  } catch {
    return i18next.t('debug.test.unreadable');
  }
}

export function TestStoragePage() {
  const { t } = useTranslation();
  const [round, setRound] = useState(0);
  const areas: Area[] = ['localStorage', 'sessionStorage'];
  return (
    <>
      <AppHeader title="Me" />
      <main className="page">
        <div className="container stack stack--lg" key={round}>
          <div className="page-header">
            <div className="page-header__text">
              <h2 className="page-title">{t('debug.test.title')}</h2>
              <p className="muted">{t('debug.test.subtitle')}</p>
            </div>
            <Button icon="refresh" onClick={() => setRound((value) => value + 1)}>
              {t('debug.test.runAgain')}
            </Button>
          </div>
          <div className="card-grid card-grid--2">
            {areas.map((area) => (
              <Card key={area} title={area}>
                <div className="stack">
                  <div className="row row--between">
                    <span>{t('debug.test.readWrite')}</span>
                    {probe(area) ? (
                      <Badge tone="success">{t('debug.test.works')}</Badge>
                    ) : (
                      <Badge tone="danger">{t('debug.test.unavailable')}</Badge>
                    )}
                  </div>
                  {KEYS.map((key) => (
                    <div className="row row--between" key={key}>
                      <code>{key}</code>
                      <span className="muted text-sm">{storedValue(area, key)}</span>
                    </div>
                  ))}
                </div>
              </Card>
            ))}
          </div>
        </div>
      </main>
    </>
  );
}
