/**
 * "Share stats" on a link's analytics screen (docs/api.md#shared-stats): a dialog that makes a
 * read-only page of the link's figures (optional password and expiry), shows its address once,
 * and lists the link's shares, each with Revoke.
 */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LinkShare } from '../../../../redirector/contract';
import { errorMessage } from '../../api/client';
import { type NewShare, useLinkShareCalls } from '../../api/linkShares';
import { useLoad } from '../../api/useLoad';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { CopyButton } from '../../components/CopyButton';
import { Dialog } from '../../components/Dialog';
import { PasswordField, TextField } from '../../components/Field';
import { formatDate } from '../../format/dates';

export function ShareStatsButton({ linkId }: { linkId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" icon="link" onClick={() => setOpen(true)}>
        {t('analytics.share.open')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('analytics.share.title')} wide>
        <ShareStatsContent linkId={linkId} />
      </Dialog>
    </>
  );
}

function ShareStatsContent({ linkId }: { linkId: number }) {
  const { t } = useTranslation();
  const calls = useLinkShareCalls();
  const shares = useLoad((signal) => calls.list(linkId, signal), [calls, linkId]);
  const [password, setPassword] = useState('');
  const [expires, setExpires] = useState('');
  const [made, setMade] = useState<LinkShare | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function act(work: () => Promise<void>) {
    setBusy(true);
    setProblem(null);
    try {
      await work();
      shares.reload();
    } catch (caught) {
      setProblem(errorMessage(caught, t('analytics.share.failed')));
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const share: NewShare = {};
    if (password !== '') share.password = password;
    if (expires !== '') share.expires_at = new Date(expires).toISOString();
    void act(async () => {
      setMade(await calls.create(linkId, share));
      setPassword('');
      setExpires('');
    });
  }

  return (
    <div className="stack">
      <p className="muted">{t('analytics.share.description')}</p>
      <form className="stack" onSubmit={submit} aria-label={t('analytics.share.title')}>
        <PasswordField
          label={t('analytics.share.password')}
          hint={t('analytics.share.passwordHint')}
          value={password}
          onValueChange={setPassword}
          autoComplete="new-password"
        />
        <TextField
          label={t('analytics.share.expires')}
          type="datetime-local"
          optional
          value={expires}
          onValueChange={setExpires}
        />
        <div>
          <Button type="submit" variant="primary" disabled={busy}>
            {t('analytics.share.create')}
          </Button>
        </div>
      </form>
      {problem ? <Banner tone="error">{problem}</Banner> : null}
      {made?.url ? (
        <Banner tone="success" title={t('analytics.share.created')}>
          <div className="row">
            <span className="mono text-sm" data-testid="share-url">
              {made.url}
            </span>
            <CopyButton text={made.url} label={t('analytics.share.copy')} />
          </div>
          <p className="text-sm">{t('analytics.share.onlyOnce')}</p>
        </Banner>
      ) : null}
      <h3>{t('analytics.share.list')}</h3>
      {shares.data && shares.data.length === 0 ? <p className="muted">{t('analytics.share.none')}</p> : null}
      <ul className="stack" aria-label={t('analytics.share.list')}>
        {(shares.data ?? []).map((share) => (
          <li key={share.id} className="row">
            <span>
              {t('analytics.share.item', { created: formatDate(share.created_at) })}
              {share.has_password ? ` · ${t('analytics.share.withPassword')}` : ''}
              {share.expires_at ? ` · ${t('analytics.share.until', { date: formatDate(share.expires_at) })}` : ''}
            </span>
            <Button
              size="sm"
              variant="danger"
              disabled={busy}
              onClick={() => void act(() => calls.revoke(linkId, share.id))}
            >
              {t('analytics.share.revoke')}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
