/** /admin/debug (docs/api.md#pages, "Debug pages"): environment, the stored key, and a few API checks. */

import { useState } from 'react';
import type { Link } from '../../../../redirector/contract';
import { useApi } from '../../api/ApiProvider';
import { errorMessage } from '../../api/client';
import { useLinkCalls } from '../../api/links';
import { Button, ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import type { IconName } from '../../components/Icon';
import { PageHeader } from '../../components/PageHeader';
import { shortLinkBase } from '../../format/shortUrl';
import { useAuth } from '../../session/AdminSession';
import { describeMarkers, maskKey } from '../../session/adminMarkers';
import { desktopBridge } from '../../session/desktopBridge';
import { KeyValueList } from './KeyValueList';
import { TestLinksList } from './TestLinksList';

type Outcome = { ok: boolean; text: string } | null;

export function DebugInfoPage() {
  const api = useApi();
  const calls = useLinkCalls();
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [testLinks, setTestLinks] = useState<Link[] | null>(null);

  const run = async (name: string, action: () => Promise<string>) => {
    setBusy(name);
    setOutcome(null);
    try {
      setOutcome({ ok: true, text: await action() });
    } catch (error) {
      setOutcome({
        ok: false,
        text: `${name} failed: ${errorMessage(error, 'Network error. Please try again.', { orStatus: true })}`,
      });
    } finally {
      setBusy(null);
    }
  };

  /** The API checks: each says in one line what it found. */
  const checks: { name: string; icon: IconName; action: () => Promise<string> }[] = [
    {
      name: 'Initialize Database',
      icon: 'database',
      action: async () => {
        const { link } = await calls.init();
        return `Database ready: created test link /${link.short_code}`;
      },
    },
    {
      name: 'Test Links API',
      icon: 'activity',
      action: async () => {
        const links = await calls.all();
        return `Links API OK: ${links.length} ${links.length === 1 ? 'link' : 'links'}`;
      },
    },
    {
      name: 'Test Links',
      icon: 'link',
      action: async () => {
        const links = await calls.all();
        setTestLinks(links.slice(0, 10));
        return links.length === 0 ? 'No links to test yet' : `Showing ${Math.min(10, links.length)} links`;
      },
    },
  ];

  return (
    <div className="stack">
      <PageHeader
        title="Debug Info"
        subtitle="What this app talks to and what it has stored."
        actions={<ButtonLink to="/admin/storage">Storage debug</ButtonLink>}
      />
      <div className="admin-grid">
        <Card title="Environment">
          <KeyValueList rows={environmentRows(api.http.baseUrl)} />
        </Card>
        <StoredKeyCard />
      </div>
      <Card title="API checks" subtitle="Initialize Database creates a test link.">
        <div className="stack">
          <div className="row">
            {checks.map((check) => (
              <Button
                key={check.name}
                loading={busy === check.name}
                icon={check.icon}
                onClick={() => run(check.name, check.action)}
              >
                {check.name}
              </Button>
            ))}
          </div>
          {outcome ? (
            <output className={outcome.ok ? 'code-block' : 'code-block field__error'} data-testid="debug-outcome">
              {outcome.text}
            </output>
          ) : null}
          {testLinks ? <TestLinksList links={testLinks} /> : null}
        </div>
      </Card>
    </div>
  );
}

/** What this app runs in and talks to. */
function environmentRows(baseUrl: string) {
  return [
    { label: 'API base', value: <span className="mono">{shortLinkBase(baseUrl)}/api</span> },
    { label: 'App', value: desktopBridge() ? 'Desktop (hash routes)' : 'Browser' },
    { label: 'Build', value: import.meta.env.MODE },
    { label: 'Time zone', value: Intl.DateTimeFormat().resolvedOptions().timeZone },
    { label: 'Language', value: navigator.language },
    { label: 'Online', value: navigator.onLine ? 'Yes' : 'No' },
    { label: 'User agent', value: <span className="text-xs">{navigator.userAgent}</span> },
  ];
}

/** The stored admin key, masked until shown, and the markers beside it. */
function StoredKeyCard() {
  const auth = useAuth();
  const [showKey, setShowKey] = useState(false);
  const key = auth.apiKey ?? '';
  return (
    <Card
      title="Stored admin token"
      actions={
        <Button size="sm" variant="ghost" onClick={() => setShowKey(!showKey)}>
          {showKey ? 'Hide' : 'Show'}
        </Button>
      }
    >
      <div className="stack">
        <code className="code-block" data-testid="stored-key">
          {key === '' ? '(none)' : showKey ? key : maskKey(key)}
        </code>
        <KeyValueList rows={describeMarkers(auth.env)} />
      </div>
    </Card>
  );
}
