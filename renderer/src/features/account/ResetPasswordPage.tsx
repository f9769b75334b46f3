/**
 * '/reset/:token' (docs/api.md#accounts): the page an invitation or reset link opens. A new password
 * (the rules of registration), then POST /api/auth?action=reset signs in and every other session of
 * the account ends; the dashboard follows. With PASSWORD_LOGIN=off (docs/api.md#single-sign-on) the
 * page says so and offers the provider's button instead: the server would refuse the password.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { characterCount } from '../../../../redirector/contract/characters';
import { useAccountCalls } from '../../api/account';
import { errorMessage } from '../../api/client';
import { useLoad } from '../../api/useLoad';
import { useForm } from '../../components/useForm';
import { i18next } from '../../i18n';
import { writeSession } from '../../session/userSession';
import { AccountForm, AccountScreen, MIN_PASSWORD_LENGTH, NewPasswordFields } from './AccountForm';
import { SingleSignOn } from './SingleSignOn';

interface NewPassword {
  password: string;
  confirmPassword: string;
}

export function validateNewPassword({ password, confirmPassword }: NewPassword): Partial<NewPassword> {
  const t = i18next.t;
  if (password === '') return { password: t('account.checks.enterPassword') };
  if (characterCount(password) < MIN_PASSWORD_LENGTH) {
    return { password: t('account.checks.tooShort', { min: MIN_PASSWORD_LENGTH }) };
  }
  if (confirmPassword !== password) return { confirmPassword: t('account.checks.mismatch') };
  return {};
}

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const account = useAccountCalls();
  const navigate = useNavigate();
  const form = useForm({
    initial: { password: '', confirmPassword: '' },
    validate: validateNewPassword,
    fields: ['password', 'confirmPassword'] as const,
    send: async ({ password }) => {
      const session = await account.reset(token, password);
      writeSession(session);
      navigate('/dashboard', { replace: true });
    },
    failureText: (error) => errorMessage(error, t('account.reset.failed')),
  });
  const config = useLoad((signal) => account.serviceConfig(signal));
  const sso = config.data?.password_login === false ? config.data.sso : null;
  return (
    <AccountScreen screen="reset">
      {sso ? (
        <SingleSignOn name={sso.name} passwordLogin={false} />
      ) : (
        <AccountForm screen="reset" form={form}>
          <NewPasswordFields label={t('account.fields.newPassword')} form={form} />
        </AccountForm>
      )}
    </AccountScreen>
  );
}
