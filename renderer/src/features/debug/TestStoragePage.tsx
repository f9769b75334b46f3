/**
 * '/test-storage' (docs/api.md#pages, content not shown): checks that this browser can keep a session,
 * and shows what is stored under the keys the app uses.
 */
import { useState } from 'react';
import { AppHeader } from '../../components/AppHeader';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
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
    if (value === null) return 'not set';
    if (key === SESSION_KEY) {
      const parsed = JSON.parse(value) as { user?: { email?: string } };
      return `signed in as ${parsed.user?.email ?? 'unknown'}`;
    }
    return value.length > 40 ? `${value.slice(0, 40)}…` : value;
  } catch {
    return 'unreadable';
  }
}

export function TestStoragePage() {
  const [round, setRound] = useState(0);
  const areas: Area[] = ['localStorage', 'sessionStorage'];
  return (
    <>
      <AppHeader title="Me" />
      <main className="page">
        <div className="container stack stack--lg" key={round}>
          <div className="page-header">
            <div className="page-header__text">
              <h2 className="page-title">Storage Test</h2>
              <p className="muted">Checks that this browser can keep you signed in.</p>
            </div>
            <Button icon="refresh" onClick={() => setRound((value) => value + 1)}>
              Run again
            </Button>
          </div>
          <div className="card-grid card-grid--2">
            {areas.map((area) => (
              <Card key={area} title={area}>
                <div className="stack">
                  <div className="row row--between">
                    <span>Read and write</span>
                    {probe(area) ? <Badge tone="success">Works</Badge> : <Badge tone="danger">Unavailable</Badge>}
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
