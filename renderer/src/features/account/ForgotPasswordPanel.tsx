/**
 * "Forgot password?" on the login screen (docs/api.md#accounts): where the server mails reset links
 * (SMTP_URL set, GET /api/config's `mail`), an email field; else the word that the administrator
 * resets passwords. The answer is the same whether or not the email has an account.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountCalls } from '../../api/account';
import { errorMessage } from '../../api/client';
import { useLoad } from '../../api/useLoad';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { localiseMessage } from '../../i18n/messages';

export function ForgotPasswordPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const account = useAccountCalls();
  const config = useLoad((signal) => account.serviceConfig(signal));
  const [email, setEmail] = useState('');
  const [answer, setAnswer] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  if (!config.data) return null;
  if (!config.data.mail) {
    return (
      <Banner
        tone="info"
        title={t('account.forgot.title')}
        actions={<Button onClick={onClose}>{t('account.forgot.close')}</Button>}
      >
        {t('account.forgot.adminResets')}
      </Banner>
    );
  }
  const send = async () => {
    setSending(true);
    setFailure(null);
    try {
      setAnswer(localiseMessage((await account.forgot(email.trim())).message));
    } catch (error) {
      setFailure(errorMessage(error, t('account.forgot.failed')));
    } finally {
      setSending(false);
    }
  };
  return (
    <section className="stack stack--sm" aria-label={t('account.forgot.label')}>
      {answer ? <Banner tone="success">{answer}</Banner> : null}
      {failure ? <Banner tone="error">{failure}</Banner> : null}
      <TextField label={t('account.forgot.email')} type="email" value={email} onValueChange={setEmail} />
      <div className="btn-group">
        <Button variant="primary" loading={sending} disabled={email.trim() === ''} onClick={send}>
          {t('account.forgot.send')}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          {t('account.forgot.cancel')}
        </Button>
      </div>
    </section>
  );
}
