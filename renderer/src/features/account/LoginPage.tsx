import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAccountCalls } from '../../api/account';
import { errorMessage } from '../../api/client';
import { useLoad } from '../../api/useLoad';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { useForm } from '../../components/useForm';
import { i18next } from '../../i18n';
import { writeSession } from '../../session/userSession';
import { AccountForm, AccountScreen, SignInFields } from './AccountForm';
import { ForgotPasswordPanel } from './ForgotPasswordPanel';
import { SingleSignOn } from './SingleSignOn';

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
  const account = useAccountCalls();
  // Single sign-on and PASSWORD_LOGIN (docs/api.md#single-sign-on): the server refuses passwords anyway.
  const config = useLoad((signal) => account.serviceConfig(signal));
  const sso = config.data?.sso ?? null;
  const passwordLogin = config.data?.password_login !== false;
  // REGISTRATION=closed (docs/api.md#pages): no way to a Create Account screen that would refuse.
  const registration = config.data?.registration !== 'closed';

  return (
    <AccountScreen screen="login" otherPage={registration}>
      {sso ? <SingleSignOn name={sso.name} passwordLogin={passwordLogin} /> : null}
      {passwordLogin ? <PasswordSignIn /> : null}
    </AccountScreen>
  );
}

/** The email and password form, with "Forgot password?". */
function PasswordSignIn() {
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
    <>
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
        <SignInFields form={form} />
      </AccountForm>
      {forgotOpen ? <ForgotPasswordPanel onClose={() => setForgotOpen(false)} /> : null}
    </>
  );
}
