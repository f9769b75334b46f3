/**
 * '/reset/:token' (docs/api.md#accounts): the page an invitation or reset link opens. A new password
 * (the rules of registration), then POST /api/auth?action=reset signs in and every other session of
 * the account ends; the dashboard follows.
 */
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useAccountCalls } from '../../api/account';
import { errorMessage } from '../../api/client';
import { AuthLayout } from '../../components/AuthLayout';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { PasswordField } from '../../components/Field';
import { useForm } from '../../components/useForm';
import { i18next } from '../../i18n';
import { writeSession } from '../../session/userSession';
import { AccountFooter } from './AccountFooter';
import { MIN_PASSWORD_LENGTH } from './RegisterPage';

interface NewPassword {
  password: string;
  confirmPassword: string;
}

export function validateNewPassword({ password, confirmPassword }: NewPassword): Partial<NewPassword> {
  const t = i18next.t;
  if (password === '') return { password: t('account.checks.enterPassword') };
  if ([...password].length < MIN_PASSWORD_LENGTH) {
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
  return (
    <AuthLayout
      title={t('account.reset.title')}
      subtitle={t('account.reset.subtitle')}
      footer={
        <AccountFooter>
          {t('account.reset.remembered')} <Link to="/login">{t('account.reset.signIn')}</Link>
        </AccountFooter>
      }
    >
      <form ref={form.formRef} className="form" noValidate onSubmit={form.submit}>
        {form.serverError ? <Banner tone="error">{form.serverError}</Banner> : null}
        <PasswordField
          label={t('account.fields.newPassword')}
          autoComplete="new-password"
          hint={t('account.fields.atLeast', { min: MIN_PASSWORD_LENGTH })}
          required
          {...form.field('password')}
        />
        <PasswordField
          label={t('account.fields.confirmPassword')}
          autoComplete="new-password"
          required
          {...form.field('confirmPassword')}
        />
        <Button type="submit" variant="primary" size="lg" block loading={form.submitting}>
          {form.submitting ? t('account.reset.saving') : t('account.reset.set')}
        </Button>
      </form>
    </AuthLayout>
  );
}
