/** The signed-in user's sessions (docs/api.md#accounts): when each began and was last used, and ending them. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionInfo } from '../../../../redirector/contract';
import { errorMessage } from '../../api/client';
import { useOwnAccountCalls, useSessions } from '../../api/ownAccount';
import { Badge } from '../../components/Badge';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { LoadingState } from '../../components/Spinner';
import { formatDateTime } from '../../format/dates';

export function AccountSessions() {
  const { t } = useTranslation();
  const calls = useOwnAccountCalls();
  const sessions = useSessions();
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const end = async (id?: string) => {
    setBusy(id ?? 'others');
    setFailure(null);
    try {
      await calls.endSessions(id);
      sessions.reload();
    } catch (error) {
      setFailure(errorMessage(error, t('account.sessions.endFailed')));
    } finally {
      setBusy(null);
    }
  };
  const columns: DataColumn<SessionInfo>[] = [
    { label: t('account.sessions.signedIn'), nowrap: true, cell: (session) => formatDateTime(session.created_at) },
    { label: t('account.sessions.lastUsed'), nowrap: true, cell: (session) => formatDateTime(session.last_used_at) },
    {
      label: t('account.sessions.session'),
      cell: (session) =>
        session.current ? (
          <Badge tone="success">{t('account.sessions.current')}</Badge>
        ) : (
          <Button size="sm" loading={busy === session.id} onClick={() => end(session.id)}>
            {t('account.sessions.end')}
          </Button>
        ),
    },
  ];
  const list = sessions.data?.sessions;
  return (
    <section className="stack stack--sm" aria-label={t('account.sessions.title')}>
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <h3>{t('account.sessions.title')}</h3>
        <Button
          size="sm"
          loading={busy === 'others'}
          disabled={!list || list.every((session) => session.current)}
          onClick={() => end()}
        >
          {t('account.sessions.endOthers')}
        </Button>
      </div>
      {failure ? <Banner tone="error">{failure}</Banner> : null}
      {sessions.error ? (
        <Banner tone="error">{errorMessage(sessions.error, t('account.sessions.loadFailed'))}</Banner>
      ) : null}
      {list ? (
        <DataTable columns={columns} rows={list} rowKey={(session) => session.id} pairs={false} />
      ) : sessions.error ? null : (
        <LoadingState message={t('account.sessions.loading')} />
      )}
    </section>
  );
}
