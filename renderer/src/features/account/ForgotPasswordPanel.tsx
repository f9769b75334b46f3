/**
 * "Forgot password?" on the login screen (docs/api.md#accounts): where the server mails reset links
 * (SMTP_URL set, GET /api/config's `mail`), an email field; else the word that the administrator
 * resets passwords. The answer is the same whether or not the email has an account.
 */
import { useState } from 'react';
import { useAccountCalls } from '../../api/account';
import { errorMessage } from '../../api/client';
import { useLoad } from '../../api/useLoad';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';

export const ADMIN_RESETS = 'This server does not send mail: ask its administrator for a link to reset your password.';

export function ForgotPasswordPanel({ onClose }: { onClose: () => void }) {
  const account = useAccountCalls();
  const config = useLoad((signal) => account.serviceConfig(signal));
  const [email, setEmail] = useState('');
  const [answer, setAnswer] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  if (!config.data) return null;
  if (!config.data.mail) {
    return (
      <Banner tone="info" title="Forgot your password?" actions={<Button onClick={onClose}>Close</Button>}>
        {ADMIN_RESETS}
      </Banner>
    );
  }
  const send = async () => {
    setSending(true);
    setFailure(null);
    try {
      setAnswer((await account.forgot(email.trim())).message);
    } catch (error) {
      setFailure(errorMessage(error, 'The request could not be sent'));
    } finally {
      setSending(false);
    }
  };
  return (
    <section className="stack stack--sm" aria-label="Forgot password">
      {answer ? <Banner tone="success">{answer}</Banner> : null}
      {failure ? <Banner tone="error">{failure}</Banner> : null}
      <TextField label="Email for the reset link" type="email" value={email} onValueChange={setEmail} />
      <div className="btn-group">
        <Button variant="primary" loading={sending} disabled={email.trim() === ''} onClick={send}>
          Send Reset Link
        </Button>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </section>
  );
}
