/**
 * '/reset/:token' (docs/api.md#accounts): the page an invitation or reset link opens. A new password
 * (the rules of registration), then POST /api/auth?action=reset signs in and every other session of
 * the account ends; the dashboard follows.
 */
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useAccountCalls } from '../../api/account';
import { errorMessage } from '../../api/client';
import { AuthLayout } from '../../components/AuthLayout';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { PasswordField } from '../../components/Field';
import { useForm } from '../../components/useForm';
import { writeSession } from '../../session/userSession';
import { AccountFooter } from './AccountFooter';
import { MIN_PASSWORD_LENGTH } from './RegisterPage';

interface NewPassword {
  password: string;
  confirmPassword: string;
}

export function validateNewPassword({ password, confirmPassword }: NewPassword): Partial<NewPassword> {
  if (password === '') return { password: 'Please enter a password' };
  if ([...password].length < MIN_PASSWORD_LENGTH) return { password: 'Password must be at least 6 characters' };
  if (confirmPassword !== password) return { confirmPassword: 'Passwords do not match' };
  return {};
}

export function ResetPasswordPage() {
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
    failureText: (error) => errorMessage(error, 'The password could not be set'),
  });
  return (
    <AuthLayout
      title="Choose a Password"
      subtitle="Set the password of your account; you are signed in right after"
      footer={
        <AccountFooter>
          Remembered it? <Link to="/login">Sign in</Link>
        </AccountFooter>
      }
    >
      <form ref={form.formRef} className="form" noValidate onSubmit={form.submit}>
        {form.serverError ? <Banner tone="error">{form.serverError}</Banner> : null}
        <PasswordField
          label="New Password"
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
        <Button type="submit" variant="primary" size="lg" block loading={form.submitting}>
          {form.submitting ? 'Saving...' : 'Set Password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
