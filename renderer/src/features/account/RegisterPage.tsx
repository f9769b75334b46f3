import { Link, useNavigate } from 'react-router-dom';
import { useAccountCalls } from '../../api/account';
import { errorMessage } from '../../api/client';
import { useLoad } from '../../api/useLoad';
import { AuthLayout } from '../../components/AuthLayout';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { PasswordField, TextField } from '../../components/Field';
import { useForm } from '../../components/useForm';
import { writeSession } from '../../session/userSession';
import { AccountFooter } from './AccountFooter';

export const MIN_PASSWORD_LENGTH = 6;
export const REGISTRATION_CLOSED = 'Registration is closed';

export interface RegistrationValues {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export type RegistrationErrors = Partial<Record<keyof RegistrationValues, string>>;

/** The client checks of docs/api.md#pages (the server checks again). */
export function validateRegistration(values: RegistrationValues): RegistrationErrors {
  const errors: RegistrationErrors = {};
  if (values.name.trim() === '') errors.name = 'Please enter your name';
  const email = values.email.trim();
  if (email === '') errors.email = 'Please enter your email';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = 'Please enter a valid email address';
  if (values.password === '') errors.password = 'Please enter a password';
  else if (values.password.length < MIN_PASSWORD_LENGTH) errors.password = 'Password must be at least 6 characters';
  if (values.password !== '' && values.confirmPassword !== values.password) {
    errors.confirmPassword = 'Passwords do not match';
  }
  return errors;
}

const FIELD_ORDER: readonly (keyof RegistrationValues)[] = ['name', 'email', 'password', 'confirmPassword'];

/** '/register' (docs/api.md#pages): Create Account. Success signs in and goes to /dashboard. */
export function RegisterPage() {
  const account = useAccountCalls();
  const navigate = useNavigate();
  const form = useForm({
    initial: { name: '', email: '', password: '', confirmPassword: '' },
    validate: validateRegistration,
    fields: FIELD_ORDER,
    send: async (values: RegistrationValues) => {
      const { token, user } = await account.register({
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
      });
      // Registering answers a session, as sign-in does (docs/api.md#accounts).
      writeSession({ token, user: { ...user, custom_domain: null } });
      navigate('/dashboard');
    },
    failureText: (error) => errorMessage(error, 'Registration failed'),
  });
  const { submitting } = form;
  // REGISTRATION=closed (docs/api.md#accounts-and-sign-in): the server refuses with 403 anyway; say so up front.
  const config = useLoad((signal) => account.serviceConfig(signal));
  const closed = config.data?.registration === 'closed';

  return (
    <AuthLayout
      title="Create Account"
      subtitle="Start shortening and tracking your links"
      footer={
        <AccountFooter>
          Already have an account? <Link to="/login">Sign in</Link>
        </AccountFooter>
      }
    >
      {closed ? (
        <Banner tone="info" title={REGISTRATION_CLOSED}>
          New accounts cannot be created on this server: accounts are made by its administrator. Ask its administrator
          for an account.
        </Banner>
      ) : (
        <form ref={form.formRef} className="form" noValidate onSubmit={form.submit}>
          {form.serverError ? <Banner tone="error">{form.serverError}</Banner> : null}
          <TextField label="Name" autoComplete="name" required {...form.field('name')} />
          <TextField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            hint="At least 6 characters"
            required
            {...form.field('password')}
          />
          <PasswordField
            label="Confirm Password"
            autoComplete="new-password"
            required
            {...form.field('confirmPassword')}
          />
          <Button type="submit" variant="primary" size="lg" block loading={submitting}>
            {submitting ? 'Creating Account...' : 'Create Account'}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
