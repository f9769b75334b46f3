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

export interface AccountScreenProps {
  /** Whose words: `account.<screen>.title` and `.subtitle`. */
  screen: Screen;
  /** The footer's way to the other page: its lead-in, the link's text and where it goes. */
  other: { lead: string; link: string; to: string };
  children: ReactNode;
}

export function AccountScreen({ screen, other, children }: AccountScreenProps) {
  const { t } = useTranslation();
  return (
    <AuthLayout
      title={t(`account.${screen}.title`)}
      subtitle={t(`account.${screen}.subtitle`)}
      footer={
        <AccountFooter>
          {other.lead} <Link to={other.to}>{other.link}</Link>
        </AccountFooter>
      }
    >
      {children}
    </AuthLayout>
  );
}

type AccountFormState = Pick<ReturnType<typeof useForm>, 'formRef' | 'submit' | 'serverError' | 'submitting'>;

export interface AccountFormProps {
  form: AccountFormState;
  /** The submit button's words, at rest and while sending. */
  submit: { idle: string; busy: string };
  /** A notice above the failure banner. */
  notice?: ReactNode;
  children: ReactNode;
  /** What follows the submit button inside the form. */
  after?: ReactNode;
}

export function AccountForm({ form, submit, notice, children, after }: AccountFormProps) {
  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={form.submit}>
      {notice}
      {form.serverError ? <Banner tone="error">{form.serverError}</Banner> : null}
      {children}
      <Button type="submit" variant="primary" size="lg" block loading={form.submitting}>
        {form.submitting ? submit.busy : submit.idle}
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

/** A new password (with the length rule as its hint) and its confirmation. */
export function NewPasswordFields({
  label,
  password,
  confirm,
}: {
  label: string;
  password: BoundField;
  confirm: BoundField;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        hint={t('account.fields.atLeast', { min: MIN_PASSWORD_LENGTH })}
        required
        {...password}
      />
      <PasswordField label={t('account.fields.confirmPassword')} autoComplete="new-password" required {...confirm} />
    </>
  );
}
