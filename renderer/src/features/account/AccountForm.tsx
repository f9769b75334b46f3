/**
 * The pieces the sign-in, register and reset screens share: the card with its footer link, the
 * form with its failure banner and submit button, and the email and new-password fields.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AuthLayout } from '../../components/AuthLayout';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { PasswordField, TextField } from '../../components/Field';
import type { useForm } from '../../components/useForm';
import { AccountFooter } from './AccountFooter';

/** The client's length rule for a new password (the server checks again, docs/api.md#accounts). */
export const MIN_PASSWORD_LENGTH = 6;

type Screen = 'login' | 'register' | 'reset';

/** Each screen's footer way to the other page (its lead-in, the link, where) and its submit words. */
const SCREENS = {
  login: {
    lead: 'account.login.noAccount',
    link: 'account.login.createOne',
    to: '/register',
    idle: 'account.login.signIn',
    busy: 'account.login.signingIn',
  },
  register: {
    lead: 'account.register.haveAccount',
    link: 'account.register.signIn',
    to: '/login',
    idle: 'account.register.create',
    busy: 'account.register.creating',
  },
  reset: {
    lead: 'account.reset.remembered',
    link: 'account.reset.signIn',
    to: '/login',
    idle: 'account.reset.set',
    busy: 'account.reset.saving',
  },
} as const;

export interface AccountScreenProps {
  /** Whose words: `account.<screen>.title`, `.subtitle` and the footer's (SCREENS). */
  screen: Screen;
  children: ReactNode;
  /** False leaves the footer's way to the other page out (sign-in with REGISTRATION=closed). */
  otherPage?: boolean;
}

export function AccountScreen({ screen, children, otherPage = true }: AccountScreenProps) {
  const { t } = useTranslation();
  const { lead, link, to } = SCREENS[screen];
  return (
    <AuthLayout
      title={t(`account.${screen}.title`)}
      subtitle={t(`account.${screen}.subtitle`)}
      footer={
        <AccountFooter>
          {otherPage ? (
            <>
              {t(lead)} <Link to={to}>{t(link)}</Link>
            </>
          ) : null}
        </AccountFooter>
      }
    >
      {children}
    </AuthLayout>
  );
}

type AccountFormState = Pick<ReturnType<typeof useForm>, 'formRef' | 'submit' | 'serverError' | 'submitting'>;

export interface AccountFormProps {
  /** Whose submit words (SCREENS). */
  screen: Screen;
  form: AccountFormState;
  /** A notice above the failure banner. */
  notice?: ReactNode;
  children: ReactNode;
  /** What follows the submit button inside the form. */
  after?: ReactNode;
}

export function AccountForm({ screen, form, notice, children, after }: AccountFormProps) {
  const { t } = useTranslation();
  const { idle, busy } = SCREENS[screen];
  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={form.submit}>
      {notice}
      {form.serverError ? <Banner tone="error">{form.serverError}</Banner> : null}
      {children}
      <Button type="submit" variant="primary" size="lg" block loading={form.submitting}>
        {t(form.submitting ? busy : idle)}
      </Button>
      {after}
    </form>
  );
}

/** What useForm's `field(name)` gives a text control. */
export interface BoundField {
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  error: string | undefined;
}

export function EmailField({ field }: { field: BoundField }) {
  const { t } = useTranslation();
  return <TextField label={t('account.fields.email')} type="email" autoComplete="email" required {...field} />;
}

/** An email and the current password, of a form with both fields: signing in. */
export function SignInFields({ form }: { form: { field: (name: 'email' | 'password') => BoundField } }) {
  const { t } = useTranslation();
  return (
    <>
      <EmailField field={form.field('email')} />
      <PasswordField
        label={t('account.fields.password')}
        autoComplete="current-password"
        required
        {...form.field('password')}
      />
    </>
  );
}

/** A new password (with the length rule as its hint) and its confirmation, of a form with both fields. */
export function NewPasswordFields({
  label,
  form,
}: {
  label: string;
  form: { field: (name: 'password' | 'confirmPassword') => BoundField };
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={label}
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
    </>
  );
}
