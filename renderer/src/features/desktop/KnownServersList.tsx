/** The remembered servers: one active; any can be made active again or forgotten with its token. */
import { useTranslation } from 'react-i18next';
import type { KnownServer } from '../../../../redirector/contract/desktop';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { formatDateTime } from '../../format/dates';

export interface KnownServersListProps {
  servers: KnownServer[];
  activeServer: string | null;
  busy: boolean;
  onActivate(baseUrl: string): void;
  onForget(baseUrl: string): void;
}

export function KnownServersList({ servers, activeServer, busy, onActivate, onForget }: KnownServersListProps) {
  const { t } = useTranslation();
  return (
    <ul className="server-list stack stack--sm" aria-label={t('desktop.servers.label')}>
      {servers.map((server) => {
        const active = server.baseUrl === activeServer;
        return (
          <li key={server.baseUrl} className="server-list__item" data-testid="known-server">
            <div className="server-list__text">
              <span className="mono server-list__address">{server.baseUrl}</span>
              <span className="muted text-xs">
                {t('desktop.servers.detail', {
                  publicUrl: server.publicUrl,
                  when: formatDateTime(server.connectedAt),
                })}
              </span>
            </div>
            <div className="server-list__badges">
              {active ? <Badge tone="primary">{t('desktop.servers.active')}</Badge> : null}
              {server.signedIn ? (
                <Badge tone="success">{t('desktop.servers.signedIn')}</Badge>
              ) : (
                <Badge>{t('desktop.servers.signedOut')}</Badge>
              )}
            </div>
            <div className="server-list__actions">
              {active && server.signedIn ? null : (
                <Button size="sm" disabled={busy} onClick={() => onActivate(server.baseUrl)}>
                  {server.signedIn ? t('desktop.servers.switch') : t('desktop.servers.use')}
                </Button>
              )}
              <Button
                size="sm"
                variant="ghost"
                disabled={busy}
                aria-label={t('desktop.servers.forgetLabel', { server: server.baseUrl })}
                onClick={() => onForget(server.baseUrl)}
              >
                {t('desktop.servers.forget')}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
