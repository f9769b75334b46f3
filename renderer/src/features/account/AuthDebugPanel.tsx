/**
 * The login page's auth-debug panel (docs/api.md#pages): the marker state of cookies and storage, and Force
 * Auth, which sets the markers without a key. Since only the key is checked
 * (docs/api.md#accounts-and-sign-in), a forced marker alone ends back on the login page with the expired-session message.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { useAuth } from '../../session/AdminSession';
import { describeMarkers, forceMarkers } from '../../session/adminMarkers';

export function AuthDebugPanel({ onForced }: { onForced: () => void }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const [open, setOpen] = useState(false);
  const [, setVersion] = useState(0);
  const rows = describeMarkers(auth.env);

  // Storage and cookies change behind React's back: re-read them while the panel is open.
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => setVersion((version) => version + 1), 1000);
    return () => clearInterval(timer);
  }, [open]);

  return (
    <aside className="auth-debug" aria-label={t('account.admin.debug')}>
      <button type="button" className="auth-debug__toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        {t('account.admin.debug')}
      </button>
      {open ? (
        <div className="raised auth-debug__body">
          <dl className="kv-list stack stack--xs">
            {rows.map((row) => (
              <div key={row.label} className="kv-list__row">
                <dt>{row.label}</dt>
                <dd className="mono">{row.value}</dd>
              </div>
            ))}
          </dl>
          <Button
            size="sm"
            block
            onClick={() => {
              forceMarkers(auth.env);
              setVersion((version) => version + 1);
              onForced();
            }}
          >
            {t('account.admin.force')}
          </Button>
        </div>
      ) : null}
    </aside>
  );
}
