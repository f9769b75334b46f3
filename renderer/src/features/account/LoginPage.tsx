import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAccountCalls } from '../../api/account';
import { errorMessage } from '../../api/client';
import { AuthLayout } from '../../components/AuthLayout';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { PasswordField, TextField } from '../../components/Field';
import { useForm } from '../../components/useForm';
import { writeSession } from '../../session/userSession';
import { AccountFooter } from './AccountFooter';
import { ForgotPasswordPanel } from './ForgotPasswordPanel';

export interface LoginErrors {
  email?: string;
  password?: string;
}

export function validateLogin(email: string, password: string): LoginErrors {
  const errors: LoginErrors = {};
  if (email.trim() === '') errors.email = 'Please enter your email';
  if (password === '') errors.password = 'Please enter your password';
  return errors;
}

/** '/login' (docs/api.md#pages): Welcome Back. Success stores the session and goes to /dashboard. */
export function LoginPage() {
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
    failureText: (error) => errorMessage(error, 'Login failed'),
  });
  const { submitting } = form;
  const [forgotOpen, setForgotOpen] = useState(false);

  return (
    <AuthLayout
      title="Welcome Back"
      subtitle="Sign in to manage your links"
      footer={
        <AccountFooter>
          Don't have an account? <Link to="/register">Create one</Link>
        </AccountFooter>
      }
    >
      <form ref={form.formRef} className="form" noValidate onSubmit={form.submit}>
        {params.has('registered') ? (
          <Banner tone="success">Account created successfully! Please sign in.</Banner>
        ) : null}
        {form.serverError ? <Banner tone="error">{form.serverError}</Banner> : null}
        <TextField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
        <PasswordField label="Password" autoComplete="current-password" required {...form.field('password')} />
        <Button type="submit" variant="primary" size="lg" block loading={submitting}>
          {submitting ? 'Signing In...' : 'Sign In'}
        </Button>
        {forgotOpen ? null : (
          <Button variant="ghost" onClick={() => setForgotOpen(true)}>
            Forgot password?
          </Button>
        )}
      </form>
      {forgotOpen ? <ForgotPasswordPanel onClose={() => setForgotOpen(false)} /> : null}
    </AuthLayout>
  );
}
