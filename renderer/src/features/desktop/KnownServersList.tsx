/** The remembered servers: one active; any can be made active again or forgotten with its token. */
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
  return (
    <ul className="server-list stack stack--sm" aria-label="Remembered servers">
      {servers.map((server) => {
        const active = server.baseUrl === activeServer;
        return (
          <li key={server.baseUrl} className="server-list__item" data-testid="known-server">
            <div className="server-list__text">
              <span className="mono server-list__address">{server.baseUrl}</span>
              <span className="muted text-xs">
                Short links on {server.publicUrl} · last connected {formatDateTime(server.connectedAt)}
              </span>
            </div>
            <div className="server-list__badges">
              {active ? <Badge tone="primary">Active</Badge> : null}
              {server.signedIn ? <Badge tone="success">Signed in</Badge> : <Badge>Signed out</Badge>}
            </div>
            <div className="server-list__actions">
              {active && server.signedIn ? null : (
                <Button size="sm" disabled={busy} onClick={() => onActivate(server.baseUrl)}>
                  {server.signedIn ? 'Switch' : 'Use'}
                </Button>
              )}
              <Button
                size="sm"
                variant="ghost"
                disabled={busy}
                aria-label={`Forget ${server.baseUrl}`}
                onClick={() => onForget(server.baseUrl)}
              >
                Forget
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
