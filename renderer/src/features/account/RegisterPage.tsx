import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useAccountCalls } from '../../api/account';
import { errorMessage } from '../../api/client';
import { useLoad } from '../../api/useLoad';
import { Banner } from '../../components/Banner';
import { TextField } from '../../components/Field';
import { useForm } from '../../components/useForm';
import { i18next } from '../../i18n';
import { writeSession } from '../../session/userSession';
import { AccountForm, AccountScreen, EmailField, MIN_PASSWORD_LENGTH, NewPasswordFields } from './AccountForm';

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
  const t = i18next.t;
  if (values.name.trim() === '') errors.name = t('account.checks.enterName');
  const email = values.email.trim();
  if (email === '') errors.email = t('account.checks.enterEmail');
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = t('account.checks.validEmail');
  if (values.password === '') errors.password = t('account.checks.enterPassword');
  else if (values.password.length < MIN_PASSWORD_LENGTH) {
    errors.password = t('account.checks.tooShort', { min: MIN_PASSWORD_LENGTH });
  }
  if (values.password !== '' && values.confirmPassword !== values.password) {
    errors.confirmPassword = t('account.checks.mismatch');
  }
  return errors;
}

const FIELD_ORDER: readonly (keyof RegistrationValues)[] = ['name', 'email', 'password', 'confirmPassword'];

/** '/register' (docs/api.md#pages): Create Account. Success signs in and goes to /dashboard. */
export function RegisterPage() {
  const { t } = useTranslation();
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
    failureText: (error) => errorMessage(error, t('account.register.failed')),
  });
  // REGISTRATION=closed (docs/api.md#accounts-and-sign-in): the server refuses with 403 anyway; say so up front.
  const config = useLoad((signal) => account.serviceConfig(signal));
  const closed = config.data?.registration === 'closed';
  // PASSWORD_LOGIN=off (docs/api.md#single-sign-on): accounts come from the provider.
  const sso = config.data?.password_login === false ? config.data.sso : null;

  return (
    <AccountScreen screen="register">
      {sso ? (
        <Banner tone="info" title={t('account.sso.registerOffTitle')}>
          {/* OIDC_NEW_USERS=off (docs/api.md#single-sign-on): the provider signs in only accounts made here. */}
          {t(sso.new_users ? 'account.sso.registerOff' : 'account.sso.registerOffMadeHere', { name: sso.name })}
        </Banner>
      ) : closed ? (
        <Banner tone="info" title={t('account.register.closedTitle')}>
          {config.data?.sso?.new_users ? (
            // REGISTRATION=closed does not stop single sign-on's new accounts (docs/api.md#single-sign-on).
            <>
              {t('account.register.closedSsoText', { name: config.data.sso.name })}{' '}
              <Link to="/login">{t('account.register.closedSsoLink')}</Link>
            </>
          ) : (
            t('account.register.closedText')
          )}
        </Banner>
      ) : (
        <AccountForm screen="register" form={form}>
          <TextField label={t('account.fields.name')} autoComplete="name" required {...form.field('name')} />
          <EmailField field={form.field('email')} />
          <NewPasswordFields label={t('account.fields.password')} form={form} />
        </AccountForm>
      )}
    </AccountScreen>
  );
}
