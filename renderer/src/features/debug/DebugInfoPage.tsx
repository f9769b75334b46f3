/** /admin/debug (docs/api.md#pages, "Debug pages"): environment, the stored key, and a few API checks. */

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Link } from '../../../../redirector/contract';
import { useApi } from '../../api/ApiProvider';
import { errorMessage, networkErrorText } from '../../api/client';
import { useLinkCalls } from '../../api/links';
import { Button, ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import type { IconName } from '../../components/Icon';
import { PageHeader } from '../../components/PageHeader';
import { formatNumber } from '../../format/numbers';
import { shortLinkBase } from '../../format/shortUrl';
import { i18next } from '../../i18n';
import { useAuth } from '../../session/AdminSession';
import { describeMarkers, maskKey } from '../../session/adminMarkers';
import { desktopBridge } from '../../session/desktopBridge';
import { KeyValueList } from './KeyValueList';
import { TestLinksList } from './TestLinksList';

type Outcome = { ok: boolean; text: string } | null;

export function DebugInfoPage() {
  const { t } = useTranslation();
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
        text: t('debug.checkFailed', {
          name,
          reason: errorMessage(error, networkErrorText(), { orStatus: true }),
        }),
      });
    } finally {
      setBusy(null);
    }
  };

  /** The API checks: each says in one line what it found. */
  const checks: { name: string; icon: IconName; action: () => Promise<string> }[] = [
    {
      name: t('debug.checks.init'),
      icon: 'database',
      action: async () => {
        const { link } = await calls.init();
        return t('debug.checks.initDone', { shortCode: link.short_code });
      },
    },
    {
      name: t('debug.checks.linksApi'),
      icon: 'activity',
      action: async () => {
        const links = await calls.all();
        return t('debug.checks.linksApiDone', { count: links.length, n: formatNumber(links.length) });
      },
    },
    {
      name: t('debug.checks.testLinks'),
      icon: 'link',
      action: async () => {
        const links = await calls.all();
        setTestLinks(links.slice(0, 10));
        const shown = Math.min(10, links.length);
        return links.length === 0
          ? t('debug.checks.noTestLinks')
          : t('debug.checks.testLinksDone', { count: shown, n: formatNumber(shown) });
      },
    },
  ];

  return (
    <div className="stack">
      <PageHeader
        title={t('debug.title')}
        subtitle={t('debug.subtitle')}
        actions={<ButtonLink to="/admin/storage">{t('debug.storageLink')}</ButtonLink>}
      />
      <div className="admin-grid">
        <Card title={t('debug.environment.title')}>
          <KeyValueList rows={environmentRows(api.http.baseUrl)} />
        </Card>
        <StoredKeyCard />
      </div>
      <Card title={t('debug.checks.title')} subtitle={t('debug.checks.subtitle')}>
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
  const t = i18next.t;
  return [
    { label: t('debug.environment.apiBase'), value: <span className="mono">{shortLinkBase(baseUrl)}/api</span> },
    {
      label: t('debug.environment.app'),
      value: desktopBridge() ? t('debug.environment.desktop') : t('debug.environment.browser'),
    },
    { label: t('debug.environment.build'), value: import.meta.env.MODE },
    { label: t('debug.environment.timeZone'), value: Intl.DateTimeFormat().resolvedOptions().timeZone },
    { label: t('debug.environment.language'), value: navigator.language },
    { label: t('debug.environment.online'), value: navigator.onLine ? t('common.yes') : t('common.no') },
    { label: t('debug.environment.userAgent'), value: <span className="text-xs">{navigator.userAgent}</span> },
  ];
}

/** The stored admin key, masked until shown, and the markers beside it. */
function StoredKeyCard() {
  const { t } = useTranslation();
  const auth = useAuth();
  const [showKey, setShowKey] = useState(false);
  const key = auth.apiKey ?? '';
  return (
    <Card
      title={t('debug.storedToken')}
      actions={
        <Button size="sm" variant="ghost" onClick={() => setShowKey(!showKey)}>
          {showKey ? t('common.hide') : t('common.show')}
        </Button>
      }
    >
      <div className="stack">
        <code className="code-block" data-testid="stored-key">
          {key === '' ? t('debug.noToken') : showKey ? key : maskKey(key)}
        </code>
        <KeyValueList rows={describeMarkers(auth.env)} />
      </div>
    </Card>
  );
}
