import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAccountCalls } from '../../api/account';
import { errorMessage } from '../../api/client';
import { AuthLayout } from '../../components/AuthLayout';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { PasswordField, TextField } from '../../components/Field';
import { useForm } from '../../components/useForm';
import { i18next } from '../../i18n';
import { writeSession } from '../../session/userSession';
import { AccountFooter } from './AccountFooter';
import { ForgotPasswordPanel } from './ForgotPasswordPanel';

export interface LoginErrors {
  email?: string;
  password?: string;
}

export function validateLogin(email: string, password: string): LoginErrors {
  const errors: LoginErrors = {};
  if (email.trim() === '') errors.email = i18next.t('account.checks.enterEmail');
  if (password === '') errors.password = i18next.t('account.checks.enterYourPassword');
  return errors;
}

/** '/login' (docs/api.md#pages): Welcome Back. Success stores the session and goes to /dashboard. */
export function LoginPage() {
  const { t } = useTranslation();
  const account = useAccountCalls();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useForm({
    initial: { email: '', password: '' },
    validate: ({ email, password }) => validateLogin(email, password),
    fields: ['email', 'password'],
    send: async ({ email, password }) => {
      const { token, user } = await account.login({ email: email.trim(), password });
      writeSession({ token, user });
      navigate('/dashboard');
    },
    failureText: (error) => errorMessage(error, t('account.login.failed')),
  });
  const { submitting } = form;
  const [forgotOpen, setForgotOpen] = useState(false);

  return (
    <AuthLayout
      title={t('account.login.title')}
      subtitle={t('account.login.subtitle')}
      footer={
        <AccountFooter>
          {t('account.login.noAccount')} <Link to="/register">{t('account.login.createOne')}</Link>
        </AccountFooter>
      }
    >
      <form ref={form.formRef} className="form" noValidate onSubmit={form.submit}>
        {params.has('registered') ? <Banner tone="success">{t('account.login.registered')}</Banner> : null}
        {form.serverError ? <Banner tone="error">{form.serverError}</Banner> : null}
        <TextField
          label={t('account.fields.email')}
          type="email"
          autoComplete="email"
          required
          {...form.field('email')}
        />
        <PasswordField
          label={t('account.fields.password')}
          autoComplete="current-password"
          required
          {...form.field('password')}
        />
        <Button type="submit" variant="primary" size="lg" block loading={submitting}>
          {submitting ? t('account.login.signingIn') : t('account.login.signIn')}
        </Button>
        {forgotOpen ? null : (
          <Button variant="ghost" onClick={() => setForgotOpen(true)}>
            {t('account.login.forgot')}
          </Button>
        )}
      </form>
      {forgotOpen ? <ForgotPasswordPanel onClose={() => setForgotOpen(false)} /> : null}
    </AuthLayout>
  );
}
