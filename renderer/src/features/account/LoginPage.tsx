import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useApi } from '../../api/ApiProvider';
import { errorMessage } from '../../api/client';
import { AuthLayout } from '../../components/AuthLayout';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { PasswordField, TextField } from '../../components/Field';
import { writeSession } from './useSession';

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

/** '/login' (product spec §2): Welcome Back. Success stores the session and goes to /dashboard. */
export function LoginPage() {
  const api = useApi();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const found = validateLogin(email, password);
    setErrors(found);
    const first = found.email ? 'email' : found.password ? 'password' : null;
    if (first) {
      formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const { token, user } = await api.user.login({ email: email.trim(), password });
      writeSession({ token, user });
      navigate('/dashboard');
    } catch (error) {
      setServerError(errorMessage(error, 'Login failed'));
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout
      title="Welcome Back"
      subtitle="Sign in to manage your links"
      footer={
        <>
          <span>
            Don't have an account? <Link to="/register">Create one</Link>
          </span>
          <Link to="/admin/login" className="subtle">
            Admin Access
          </Link>
        </>
      }
    >
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
        {params.has('registered') ? (
          <Banner tone="success">Account created successfully! Please sign in.</Banner>
        ) : null}
        {serverError ? <Banner tone="error">{serverError}</Banner> : null}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onValueChange={(value) => {
            setEmail(value);
            if (errors.email) setErrors((current) => ({ ...current, email: undefined }));
          }}
          error={errors.email}
          required
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onValueChange={(value) => {
            setPassword(value);
            if (errors.password) setErrors((current) => ({ ...current, password: undefined }));
          }}
          error={errors.password}
          required
        />
        <Button type="submit" variant="primary" size="lg" block loading={submitting}>
          {submitting ? 'Signing In...' : 'Sign In'}
        </Button>
      </form>
    </AuthLayout>
  );
}
