/** The signed-in user's sessions (docs/api.md#accounts): when each began and was last used, and ending them. */
import { useState } from 'react';
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
      setFailure(errorMessage(error, 'The session could not be ended'));
    } finally {
      setBusy(null);
    }
  };
  const columns: DataColumn<SessionInfo>[] = [
    { label: 'Signed in', nowrap: true, cell: (session) => formatDateTime(session.created_at) },
    { label: 'Last used', nowrap: true, cell: (session) => formatDateTime(session.last_used_at) },
    {
      label: 'Session',
      cell: (session) =>
        session.current ? (
          <Badge tone="success">This session</Badge>
        ) : (
          <Button size="sm" loading={busy === session.id} onClick={() => end(session.id)}>
            End
          </Button>
        ),
    },
  ];
  const list = sessions.data?.sessions;
  return (
    <section className="stack stack--sm" aria-label="Sessions">
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <h3>Sessions</h3>
        <Button
          size="sm"
          loading={busy === 'others'}
          disabled={!list || list.every((session) => session.current)}
          onClick={() => end()}
        >
          End all others
        </Button>
      </div>
      {failure ? <Banner tone="error">{failure}</Banner> : null}
      {sessions.error ? (
        <Banner tone="error">{errorMessage(sessions.error, 'Sessions could not be loaded')}</Banner>
      ) : null}
      {list ? (
        <DataTable columns={columns} rows={list} rowKey={(session) => session.id} pairs={false} />
      ) : sessions.error ? null : (
        <LoadingState message="Loading sessions..." />
      )}
    </section>
  );
}
