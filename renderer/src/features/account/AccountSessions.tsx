/**
 * The signed-in user's sessions (docs/api.md#the-account-of-the-signed-in-user): where each signed
 * in from (browser, system, approximate place), when it began and was last used, and ending them.
 * Ending others shows only this session at once, before the list is read again.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionInfo, SessionsResponse } from '../../../../redirector/contract';
import { errorMessage } from '../../api/client';
import { useOwnAccountCalls } from '../../api/ownAccount';
import type { LoadState } from '../../api/useLoad';
import { Badge } from '../../components/Badge';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { LoadingState } from '../../components/Spinner';
import { countryName } from '../../format/countries';
import { formatDateTime } from '../../format/dates';

/** Only the current session: what the list is once every other one has ended. */
export function keepCurrentSession(sessions: LoadState<SessionsResponse>): void {
  sessions.setData((listed) => listed && { sessions: listed.sessions.filter((session) => session.current) });
  sessions.reload();
}

export function AccountSessions({ sessions }: { sessions: LoadState<SessionsResponse> }) {
  const { t } = useTranslation();
  const calls = useOwnAccountCalls();
  const words: OriginWords = {
    browserOn: (browser, os) => t('account.sessions.browserOn', { browser, os }),
    unknownDevice: t('account.sessions.unknownDevice'),
    unknownPlace: t('account.sessions.unknownPlace'),
  };
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const end = async (id?: string) => {
    setBusy(id ?? 'others');
    setFailure(null);
    try {
      await calls.endSessions(id);
      if (id === undefined) keepCurrentSession(sessions);
      else {
        sessions.setData((listed) => listed && { sessions: listed.sessions.filter((session) => session.id !== id) });
        sessions.reload();
      }
    } catch (error) {
      setFailure(errorMessage(error, t('account.sessions.endFailed')));
    } finally {
      setBusy(null);
    }
  };
  const columns: DataColumn<SessionInfo>[] = [
    { label: t('account.sessions.device'), cell: (session) => deviceText(session, words) },
    { label: t('account.sessions.place'), cell: (session) => placeText(session, words) },
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
        // Labelled, its box takes the keyboard's focus: with only this session (no End button) the
        // table may still be wider than the dialog, and is scrolled without a mouse.
        <DataTable
          columns={columns}
          rows={list}
          rowKey={(session) => session.id}
          pairs={false}
          label={t('account.sessions.tableLabel')}
        />
      ) : sessions.error ? null : (
        <LoadingState message={t('account.sessions.loading')} />
      )}
    </section>
  );
}

interface OriginWords {
  browserOn: (browser: string, os: string) => string;
  unknownDevice: string;
  unknownPlace: string;
}

/** "Firefox on Linux", or what of it is known. */
function deviceText(session: SessionInfo, words: OriginWords): string {
  const { browser, os } = session;
  if (browser && os) return words.browserOn(browser, os);
  return browser ?? os ?? words.unknownDevice;
}

/** "Berlin, Germany", or the country alone. */
function placeText(session: SessionInfo, words: OriginWords): string {
  if (!session.country) return words.unknownPlace;
  const country = countryName(session.country);
  return session.city ? `${session.city}, ${country}` : country;
}
