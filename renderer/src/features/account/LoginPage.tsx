import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAccountCalls } from '../../api/account';
import { errorMessage } from '../../api/client';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { PasswordField } from '../../components/Field';
import { useForm } from '../../components/useForm';
import { i18next } from '../../i18n';
import { writeSession } from '../../session/userSession';
import { AccountForm, AccountScreen, EmailField } from './AccountForm';
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
  const [forgotOpen, setForgotOpen] = useState(false);

  return (
    <AccountScreen screen="login">
      <AccountForm
        screen="login"
        form={form}
        notice={params.has('registered') ? <Banner tone="success">{t('account.login.registered')}</Banner> : null}
        after={
          forgotOpen ? null : (
            <Button variant="ghost" onClick={() => setForgotOpen(true)}>
              {t('account.login.forgot')}
            </Button>
          )
        }
      >
        <EmailField field={form.field('email')} />
        <PasswordField
          label={t('account.fields.password')}
          autoComplete="current-password"
          required
          {...form.field('password')}
        />
      </AccountForm>
      {forgotOpen ? <ForgotPasswordPanel onClose={() => setForgotOpen(false)} /> : null}
    </AccountScreen>
  );
}
